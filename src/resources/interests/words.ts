import { moduleWords } from '../../i18n/messages';

/** The interests module's words in every language (gathered into the dictionaries by src/i18n/modules/<lang>.ts). */
export default moduleWords('interests', {
  en: {
    name: 'Interest |||| Interests', fields: { title: 'Title' }, validation: { title_required: 'Please enter interest' },
    action: { create: 'Add Interest' }, page: { list: 'Interests', create: 'Add Interest', edit: 'Edit Interest' },
  },
  de: {
    name: 'Interesse |||| Interessen', fields: { title: 'Titel' }, validation: { title_required: 'Bitte geben Sie ein Interesse ein.' },
    action: { create: 'Interesse hinzufügen' }, page: { list: 'Interessen', create: 'Interesse hinzufügen', edit: 'Interesse bearbeiten' },
  },
  es: {
    name: 'Interés |||| Intereses', fields: { title: 'Título' }, validation: { title_required: 'Introduzca un interés.' },
    action: { create: 'Añadir interés' }, page: { list: 'Intereses', create: 'Añadir interés', edit: 'Editar interés' },
  },
  fr: {
    name: 'Centre d’intérêt |||| Centres d’intérêt', fields: { title: 'Titre' }, validation: { title_required: 'Veuillez saisir un centre d’intérêt.' },
    action: { create: 'Ajouter un centre d’intérêt' }, page: { list: 'Centres d’intérêt', create: 'Ajouter un centre d’intérêt', edit: 'Modifier le centre d’intérêt' },
  },
  pt: {
    name: 'Interesse |||| Interesses', fields: { title: 'Título' }, validation: { title_required: 'Informe um interesse.' },
    action: { create: 'Adicionar interesse' }, page: { list: 'Interesses', create: 'Adicionar interesse', edit: 'Editar interesse' },
  },
  zh: {
    name: '兴趣 |||| 兴趣', fields: { title: '标题' }, validation: { title_required: '请输入兴趣。' },
    action: { create: '添加兴趣' }, page: { list: '兴趣', create: '添加兴趣', edit: '编辑兴趣' },
  },
  ar: {
    name: 'اهتمام |||| اهتمامات', fields: { title: 'العنوان' }, validation: { title_required: 'يرجى إدخال الاهتمام.' },
    action: { create: 'إضافة اهتمام' }, page: { list: 'الاهتمامات', create: 'إضافة اهتمام', edit: 'تعديل الاهتمام' },
  },
});
