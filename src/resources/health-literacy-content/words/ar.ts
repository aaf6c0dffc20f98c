import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The health-literacy-content module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'health-literacy-content': {
      name: 'محتوى التثقيف الصحي |||| محتوى التثقيف الصحي',
      fields: {
        title: 'العنوان',
        type: 'النوع',
        category_id: 'الفئة',
        desc: 'الوصف',
        tags: 'الوسوم',
        file: 'الملف',
        thumbnail: 'الصورة المصغّرة',
        status: 'الحالة',
        created_at: 'تاريخ الإنشاء',
      },
      action: { create: 'إضافة محتوى' },
      page: {
        list: 'محتوى التثقيف الصحي',
        create: 'إضافة محتوى تثقيف صحي',
        edit: 'تعديل محتوى التثقيف الصحي',
        show: 'محتوى التثقيف الصحي',
      },
      types: {
        image: 'صورة',
        pdf: 'PDF',
        video: 'فيديو',
      },
      tags_help: 'افصل بين الوسوم بفواصل؛ يضيفها مفتاح Enter أو الفاصلة.',
      tags_added: 'الوسوم المضافة',
      remove_tag: 'إزالة الوسم %{tag}',
      open_pdf: 'فتح ملف PDF في علامة تبويب جديدة',
      validation: {
        type_required: 'يرجى اختيار النوع.',
        category_required: 'يرجى اختيار الفئة.',
        title_required: 'يرجى إدخال العنوان.',
        desc_required: 'يرجى إدخال الوصف.',
        tags_required: 'يرجى إدخال وسم واحد على الأقل.',
        file_required: 'يرجى اختيار ملف.',
        thumbnail_required: 'يرجى اختيار صورة مصغّرة.',
        format_image: 'صيغة الملف غير مدعومة. JPG/JPEG/PNG',
        format_pdf: 'صيغة الملف غير مدعومة. PDF',
        format_video: 'صيغة الملف غير مدعومة. فيديو',
        format_any: 'صيغة الملف غير مدعومة. JPG/JPEG/PNG/MP4/PDF',
      },
    },
  },
} satisfies Translation<typeof en>;
