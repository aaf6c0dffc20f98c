import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The campaigns module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    campaigns: {
      name: 'حملة |||| الحملات',
      fields: {
        title: 'العنوان',
        session: 'الفترة',
        start_date: 'تاريخ البدء',
        end_date: 'تاريخ الانتهاء',
        district_id: 'المقاطعة',
        tehsil_id: 'التحصيل',
        file: 'صورة أو PDF',
        status: 'الحالة',
        created_at: 'تاريخ الإنشاء',
      },
      action: { create: 'إضافة حملة' },
      page: { list: 'الحملات', create: 'إضافة حملة', edit: 'تعديل الحملة', show: 'حملة' },
      tasks: 'مهام هذه الحملة',
      no_tasks: 'لا توجد مهام تشير إلى هذه الحملة بعد.',
      place: 'الموقع',
      validation: {
        title_required: 'يرجى إدخال عنوان.',
        start_required: 'يرجى اختيار تاريخ البدء.',
        end_required: 'يرجى اختيار تاريخ الانتهاء.',
        file_format: 'تنسيق الملف غير مدعوم. JPG/JPEG/PNG/PDF',
        file_required: 'يرجى اختيار ملف.',
      },
    },
  },
} satisfies Translation<typeof en>;
