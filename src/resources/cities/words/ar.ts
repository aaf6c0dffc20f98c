import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cities module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    cities: {
      name: 'مدينة |||| المدن',
      menu: 'المدينة',
      fields: { title: 'الاسم' },
      action: { create: 'إضافة مدينة' },
      page: { list: 'المدن', create: 'إضافة مدينة', edit: 'تعديل المدينة' },
    },
  },
} satisfies Translation<typeof en>;
