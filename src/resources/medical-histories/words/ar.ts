import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The medical-histories module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'medical-histories': {
      name: 'سجل طبي |||| سجلات طبية',
      fields: {
        patient_id: 'المريض',
        disease_name: 'المرض',
        from_date: 'من تاريخ',
        to_date: 'إلى تاريخ',
        period: 'الفترة',
        detail: 'التفاصيل',
        reports: 'التقارير',
        c_date: 'التاريخ الحالي',
        m_name: 'اسم الدواء',
        days: 'الأيام',
        m_times: 'وقت الدواء',
        to_be_taken: 'يؤخذ',
        still_using: 'لا يزال يستخدمه',
        note: 'ملاحظة',
      },
      action: {
        create: 'إضافة سجل طبي',
      },
      page: {
        list: 'السجلات الطبية',
        create: 'إضافة سجل طبي',
        edit: 'تعديل السجل الطبي',
        show: 'السجل الطبي',
      },
      of: 'السجل الطبي لـ %{disease}',
      medication: 'الأدوية',
      report: 'التقرير %{n}',
      validation: {
        reports_format: 'صيغة الملف غير مدعومة. JPG/JPEG/PNG/MP3',
      },
    },
  },
} satisfies Translation<typeof en>;
