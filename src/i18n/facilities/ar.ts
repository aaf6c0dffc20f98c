import type { Messages } from '../messages';

/** Facility centers, feedback and support, العربية: merged into ar.ts. */
const facilities = {
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
        phone: 'يرجى إدخال رقم من 11 رقمًا بالضبط.',
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
    feedbacks: {
      name: 'ملاحظة |||| الملاحظات',
      fields: {
        user: 'اسم المستخدم',
        doctor: 'اسم الطبيب',
        msg: 'الرسالة',
        rating: 'التقييم',
        dated_at: 'التاريخ',
        status: 'الحالة',
        note: 'ملاحظة الموظفين',
        created_at: 'تاريخ الإنشاء',
      },
      page: {
        list: 'الملاحظات',
        edit: 'مراجعة الملاحظة',
        show: 'ملاحظة',
      },
      stars: 'التقييم: %{smart_count} من 5',
      statuses: {
        New: 'جديدة',
        Reviewed: 'تمت المراجعة',
      },
      note_help: 'ما قام به الموظفون بشأنها؛ لا يراها المريض.',
      validation: {
        status_required: 'يرجى اختيار الحالة.',
      },
    },
    supports: {
      name: 'طلب دعم |||| طلبات الدعم',
      fields: {
        id: 'المعرّف',
        user: 'اسم المستخدم',
        msg: 'الرسالة',
        status: 'الحالة',
        reply: 'الرد',
        created_at: 'تاريخ الإنشاء',
      },
      page: {
        list: 'الدعم',
        edit: 'الرد على طلب الدعم',
        show: 'طلب دعم',
      },
      statuses: {
        Open: 'مفتوح',
        Resolved: 'تم الحل',
      },
      kinds: {
        patient: 'مريض',
        chw: 'عامل صحة مجتمعية',
        doctor: 'طبيب',
        family: 'فرد من العائلة',
      },
      no_reply: 'لم يتم الرد بعد.',
      reply_help: 'يرى المستخدم هذا الرد في التطبيق.',
      validation: {
        status_required: 'يرجى اختيار الحالة.',
      },
    },
  },
} satisfies Messages;

export default facilities;
