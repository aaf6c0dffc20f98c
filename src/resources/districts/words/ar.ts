import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The districts module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    districts: {
      name: 'مقاطعة |||| المقاطعات',
      fields: { title: 'الاسم' },
      action: { create: 'إضافة مقاطعة' },
      page: { list: 'المقاطعات', create: 'إضافة مقاطعة', edit: 'تعديل المقاطعة' },
    },
  },
} satisfies Translation<typeof en>;
