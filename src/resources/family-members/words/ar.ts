import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The family-members module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'family-members': {
      name: 'فرد من العائلة |||| أفراد العائلة',
      fields: {
        parent: 'من عائلة',
        full_name: 'الاسم',
        relation: 'صلة القرابة',
        f_name: 'الاسم الأول',
        l_name: 'اسم العائلة',
        email: 'البريد الإلكتروني',
        phone_no: 'الهاتف',
        dob: 'تاريخ الميلاد',
        age: 'العمر',
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
      },
      action: {
        create: 'إضافة فرد',
      },
      page: {
        list: 'أفراد العائلة',
        create: 'إضافة فرد',
        edit: 'تعديل فرد العائلة',
        show: 'ملف فرد العائلة',
      },
    },
  },
  app: {
    validation: {
      marital_status_required: 'يرجى اختيار الحالة الاجتماعية.',
    },
  },
} satisfies Translation<typeof en>;
