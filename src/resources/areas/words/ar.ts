import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The areas module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    areas: {
      name: 'مجلس قروي |||| المجالس القروية',
      fields: {
        title: 'الاسم',
        district_id: 'اختر المقاطعة...',
        tehsil_id: 'اختر التحصيل...',
        district: { title: 'المقاطعة' },
        tehsil: { title: 'التحصيل' },
        lat: 'خط العرض',
        long: 'خط الطول',
      },
      action: { create: 'إضافة مجلس قروي' },
      page: { list: 'المجالس القروية', create: 'إضافة مجلس قروي', edit: 'تعديل المجلس القروي' },
    },
  },
  app: {
    validation: {
      latitude_required: 'يرجى إدخال خط العرض.',
      longitude_required: 'يرجى إدخال خط الطول.',
      latitude_range: 'يرجى إدخال خط عرض بين -90 و90.',
      longitude_range: 'يرجى إدخال خط طول بين -180 و180.',
    },
  },
} satisfies Translation<typeof en>;
