import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The app-users module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'app-users': {
      name: 'مريض |||| مرضى',
      fields: {
        name: 'الاسم',
        f_name: 'الاسم الأول',
        l_name: 'اسم العائلة',
        email: 'البريد الإلكتروني',
        phone_no: 'الهاتف',
        password: 'كلمة المرور',
        confirmPassword: 'تأكيد كلمة المرور',
        dob: 'تاريخ الميلاد',
        age: 'العمر',
        age_or_country: 'العمر / الدولة',
        gender: 'الجنس',
        marital_status: 'الحالة الاجتماعية',
        blood_group: 'فصيلة الدم',
        height: 'الطول (سم)',
        weight: 'الوزن (كغ)',
        short_bio: 'نبذة قصيرة',
        country_id: 'الدولة',
        city_id: 'المدينة',
        state: 'الولاية',
        zipcode: 'الرمز البريدي',
        street: 'الشارع',
        photo: 'الصورة',
        send_credentials: 'إرسال بيانات الدخول بالبريد الإلكتروني',
        status: 'الحالة',
        district_id: 'المقاطعة',
        tehsil_id: 'التحصيل',
        interest_ids: 'الاهتمامات',
      },
      action: {
        create: 'إضافة مريض',
      },
      page: {
        list: 'المرضى',
        create: 'إضافة مريض',
        edit: 'تعديل المريض',
        show: 'ملف المريض',
      },
    },
  },
  app: {
    profile: {
      tabs: 'أقسام الملف',
      medical_history: 'السجل الطبي',
      health_system: 'النظام الصحي',
      prescriptions: 'الوصفات الطبية',
      family: 'ملف العائلة',
      no_medical_history: 'لا يوجد سجل طبي بعد.',
      no_appointments: 'لا توجد مواعيد بعد.',
      no_prescriptions: 'لا توجد وصفات طبية بعد.',
      diseases: 'الأمراض',
      no_diseases: 'لا شيء مسجل',
    },
  },
} satisfies Translation<typeof en>;
