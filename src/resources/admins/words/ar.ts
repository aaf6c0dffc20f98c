import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The admins module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    admins: {
      name: 'مشرف |||| المشرفون',
      fields: {
        name: 'الاسم',
        f_name: 'الاسم الأول',
        l_name: 'اسم العائلة',
        email: 'البريد الإلكتروني',
        phone: 'الهاتف',
        mobile: 'الجوال',
        password: 'كلمة المرور',
        confirmPassword: 'تأكيد كلمة المرور',
        oldPassword: 'كلمة المرور القديمة',
        current_password: 'كلمة المرور الحالية',
        dob: 'تاريخ الميلاد',
        cnic: 'رقم الهوية (CNIC)',
        role: 'الدور',
        gender: 'الجنس',
        send_credentials: 'إرسال بيانات الدخول عبر البريد الإلكتروني',
        status: 'الحالة',
        file: 'صورة الملف الشخصي',
        district_ids: 'المناطق',
      },
      action: { create: 'إضافة مشرف فرعي' },
      helper: {
        current_password: 'تُرسل روابط إعادة تعيين كلمة المرور إلى بريدك الإلكتروني: يتطلب تغييره إدخال كلمة المرور الحالية.',
        district_ids: 'يقصر المسؤول على هذه المناطق. اتركه فارغًا لكل المناطق.',
      },
      page: { list: 'المشرفون', create: 'إضافة مشرف فرعي', edit: 'تعديل مشرف فرعي' },
    },
  },
  app: {
    validation: {
      role_required: 'يرجى اختيار دور.',
      password_mismatch: 'كلمتا المرور غير متطابقتين.',
      old_password_required: 'يرجى إدخال كلمة المرور القديمة.',
    },
  },
} satisfies Translation<typeof en>;
