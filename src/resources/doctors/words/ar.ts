import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The doctors module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    doctors: {
      name: 'طبيب |||| أطباء',
      fields: {
        name: 'الاسم',
        f_name: 'الاسم الأول',
        l_name: 'اسم العائلة',
        email: 'البريد الإلكتروني',
        phone_no: 'الهاتف',
        number: 'الرقم',
        password: 'كلمة المرور',
        confirmPassword: 'تأكيد كلمة المرور',
        dob: 'تاريخ الميلاد',
        age: 'العمر',
        gender: 'الجنس',
        qualification_id: 'المؤهل',
        specializationIds: 'التخصصات',
        short_bio: 'نبذة قصيرة',
        country_id: 'الدولة',
        city_id: 'المدينة',
        state: 'الولاية',
        zipcode: 'الرمز البريدي',
        street: 'الشارع',
        photo: 'الصورة',
        send_credentials: 'إرسال بيانات الدخول بالبريد الإلكتروني',
        status: 'الحالة',
        rating: 'التقييم',
        patients_count: 'المرضى',
        created_at: 'منذ',
      },
      action: {
        create: 'إضافة طبيب',
      },
      page: {
        list: 'الأطباء',
        create: 'إضافة طبيب',
        edit: 'تعديل الطبيب',
        show: 'ملف الطبيب',
      },
      rating_of: 'التقييم %{rating} من 5',
      ratings_count: 'تقييم واحد |||| %{smart_count} تقييمات',
      tabs: {
        label: 'أقسام ملف الطبيب',
        upcoming: 'المواعيد القادمة',
        cancelled: 'المواعيد الملغاة',
        completed: 'المواعيد المكتملة',
        working_hours: 'ساعات العمل',
        patients: 'قائمة المرضى',
      },
    },
  },
  app: {
    validation: {
      specialization_required: 'يرجى اختيار تخصص واحد على الأقل.',
    },
  },
} satisfies Translation<typeof en>;
