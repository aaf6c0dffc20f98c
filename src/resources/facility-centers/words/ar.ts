import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The facility-centers module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'facility-centers': {
      name: 'مركز صحي |||| المراكز الصحية',
      fields: {
        title: 'العنوان',
        district_id: 'المقاطعة',
        tehsil_id: 'التحصيل',
        area_id: 'منطقة المجلس القروي',
        phone_no: 'رقم الاتصال',
        lat: 'خط العرض',
        long: 'خط الطول',
        location: 'الموقع',
        manager: 'المدير',
        open_time: 'وقت الفتح',
        close_time: 'وقت الإغلاق',
        file: 'الصورة',
        services: 'الخدمات',
        service: 'الخدمة',
        status: 'الحالة',
        created_at: 'تاريخ الإنشاء',
      },
      action: {
        create: 'إضافة مركز صحي',
      },
      page: {
        list: 'المراكز الصحية',
        create: 'إضافة مركز صحي',
        edit: 'تعديل المركز الصحي',
        show: 'المركز الصحي',
      },
      place: 'المكان',
      position: 'الإحداثيات',
      open_map: 'فتح الخريطة',
      hours: 'ساعات العمل',
      validation: {
        title_required: 'يرجى إدخال العنوان.',
        latitude: 'يرجى إدخال خط عرض صحيح',
        longitude: 'يرجى إدخال خط طول صحيح',
        phone: 'يرجى إدخال رقم لا يقل عن 11 خانة.',
        location_required: 'يرجى إدخال الموقع.',
        manager_required: 'يرجى إدخال اسم المدير.',
        open_required: 'يرجى إدخال وقت الفتح.',
        close_required: 'يرجى إدخال وقت الإغلاق.',
        close_after_open: 'يجب أن يكون وقت الإغلاق بعد وقت الفتح.',
        services_required: 'يرجى إضافة خدمة واحدة على الأقل.',
        service_required: 'يرجى إدخال الخدمة.',
        file_format: 'صيغة الملف غير مدعومة. JPG/JPEG/PNG',
        file_required: 'يرجى اختيار صورة.',
      },
    },
  },
} satisfies Translation<typeof en>;
