import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The interests module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    interests: {
      name: 'اهتمام |||| اهتمامات',
      fields: { title: 'العنوان' },
      action: { create: 'إضافة اهتمام' },
      page: { list: 'الاهتمامات', create: 'إضافة اهتمام', edit: 'تعديل الاهتمام' },
      validation: { title_required: 'يرجى إدخال الاهتمام.' },
    },
  },
} satisfies Translation<typeof en>;
