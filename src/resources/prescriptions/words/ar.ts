import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The prescriptions module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    prescriptions: {
      name: 'وصفة طبية |||| وصفات طبية',
      fields: {
        patient_id: 'المريض',
        doctor_id: 'الطبيب',
        disease_name: 'المرض',
        from_date: 'من تاريخ',
        to_date: 'إلى تاريخ',
        period: 'الفترة',
        detail: 'التفاصيل',
        items: 'الأدوية',
        c_date: 'التاريخ الحالي',
        m_name: 'اسم الدواء',
        days: 'الأيام',
        m_time: 'وقت الدواء',
        to_be_taken: 'يؤخذ',
        still_using: 'لا يزال يتناوله',
        note: 'ملاحظة',
      },
      action: {
        create: 'إضافة وصفة',
      },
      page: {
        list: 'الوصفات الطبية',
        create: 'إضافة وصفة',
        edit: 'تعديل الوصفة',
        show: 'تفاصيل الوصفة',
      },
      days: 'يوم واحد |||| %{smart_count} أيام',
      validation: {
        items_required: 'يرجى إضافة دواء واحد على الأقل.',
      },
    },
  },
  app: {
    validation: {
      doctor_required: 'يرجى اختيار طبيب.',
    },
  },
} satisfies Translation<typeof en>;
