import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The chw module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    chw: {
      name: 'عامل صحة مجتمعية |||| عمال الصحة المجتمعية',
      fields: {
        name: 'الاسم',
        f_name: 'الاسم الأول',
        l_name: 'اسم العائلة',
        email: 'البريد الإلكتروني',
        number: 'الرقم',
        phone_no: 'الهاتف',
        password: 'كلمة المرور',
        confirmPassword: 'تأكيد كلمة المرور',
        dob: 'تاريخ الميلاد',
        age: 'العمر',
        cnic: 'رقم الهوية (CNIC)',
        gender: 'الجنس',
        qualification_id: 'المؤهل',
        district_id: 'المنطقة',
        tehsil_id: 'التحصيل',
        area_id: 'مجلس القرية',
        joining_date: 'تاريخ الالتحاق',
        short_bio: 'نبذة قصيرة',
        photo: 'الصورة',
        send_credentials: 'إرسال بيانات الدخول بالبريد الإلكتروني',
        status: 'الحالة',
      },
      action: {
        create: 'إضافة عامل صحة',
      },
      page: {
        list: 'عمال الصحة المجتمعية',
        create: 'إضافة عامل صحة',
        edit: 'تعديل عامل الصحة',
        show: 'ملف عامل الصحة',
      },
      place: 'المنطقة',
      coordinates: 'خط العرض %{lat}، خط الطول %{long}',
      tasks: 'المهام',
      no_tasks: 'لم تُسند مهام بعد.',
    },
  },
} satisfies Translation<typeof en>;
