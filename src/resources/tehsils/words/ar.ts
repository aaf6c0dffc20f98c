import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The tehsils module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    tehsils: {
      name: 'تحصيل |||| التحصيلات',
      fields: {
        title: 'الاسم',
        district_id: 'اختر المقاطعة...',
        district: { title: 'المقاطعة' },
      },
      action: { create: 'إضافة تحصيل' },
      page: { list: 'التحصيلات', create: 'إضافة تحصيل', edit: 'تعديل التحصيل' },
    },
  },
} satisfies Translation<typeof en>;
