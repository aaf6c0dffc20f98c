import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The qualifications module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    qualifications: {
      name: 'مؤهل |||| المؤهلات',
      fields: { title: 'الاسم' },
      action: { create: 'إضافة مؤهلات' },
      page: { list: 'المؤهلات', create: 'إضافة مؤهل', edit: 'تعديل المؤهل' },
    },
  },
} satisfies Translation<typeof en>;
