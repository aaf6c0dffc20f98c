import type { Messages } from '../messages';

/** The Promotional screen, العربية: merged into ar.ts. */
const promotional = {
  resources: {
    promotional: {
      menu: 'المحتوى الترويجي',
      title: 'المحتوى الترويجي',
      preview: 'معاينة الموقع',
      preview_label: 'معاينة الموقع (يفتح في علامة تبويب جديدة)',
      tabs_label: 'أقسام المحتوى الترويجي',
      tabs: {
        logo: 'الشعار',
        banner: 'اللافتة',
        about: 'من نحن',
        sliders: 'الشرائح',
        how_it_works: 'كيف يعمل',
        testimonials: 'آراء المستخدمين',
      },
      fields: {
        logo: 'الشعار',
        desc: 'الوصف',
        background_image: 'صورة الخلفية',
        center_image: 'الصورة الوسطى',
        person_image: 'صورة الشخص',
        about_title: 'عنوان «من نحن»',
        heading: 'العنوان الرئيسي',
        title: 'العنوان',
        video: 'فيديو (MP4)',
        slider: 'صورة الشريحة',
        name: 'الاسم',
        text: 'النص',
      },
      about: {
        boxes: 'المربعات',
        box: 'المربع %{n}',
        box_title: 'عنوان المربع %{n}',
        box_desc: 'وصف المربع %{n}',
        box_image: 'صورة المربع %{n}',
        analytics: 'الأرقام',
        analytic: 'الرقم %{n}',
        value: 'القيمة %{n}',
        key: 'التسمية %{n}',
      },
      columns: {
        image: 'الصورة',
        added: 'تاريخ الإضافة',
      },
      actions: 'الإجراءات',
      add: 'إضافة',
      delete_label: 'حذف %{name}',
      slider_of: 'صورة شريحة بتاريخ %{date}',
      uploading: 'تقدم الرفع',
      load_failed: 'تعذر تحميل المحتوى الترويجي.',
      validation: {
        image_format: 'صيغة الملف غير مدعومة. JPG/JPEG/PNG',
        video_format: 'صيغة الملف غير مدعومة. MP4 فقط',
        file_required: 'يرجى اختيار ملف.',
        description_required: 'يرجى إدخال وصف.',
        title_required: 'يرجى إدخال عنوان.',
        heading_required: 'يرجى إدخال العنوان الرئيسي.',
        value_required: 'يرجى إدخال قيمة.',
        key_required: 'يرجى إدخال تسمية.',
        name_required: 'يرجى إدخال الاسم.',
        text_required: 'يرجى إدخال النص.',
      },
    },
  },
} satisfies Messages;

export default promotional;
