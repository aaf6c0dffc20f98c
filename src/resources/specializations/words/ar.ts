import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The specializations module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    specializations: {
      name: 'تخصص |||| التخصصات',
      fields: { title: 'الاسم' },
      action: { create: 'إضافة تخصصات' },
      page: { list: 'التخصصات', create: 'إضافة تخصص', edit: 'تعديل التخصص' },
    },
  },
} satisfies Translation<typeof en>;
