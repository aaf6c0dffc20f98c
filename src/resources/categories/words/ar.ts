import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The categories module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    categories: {
      name: 'فئة |||| فئات',
      fields: { title: 'الاسم', file: 'الملف', kind: 'النوع' },
      action: { create: 'إضافة فئة' },
      page: { list: 'الفئات', create: 'إضافة فئة', edit: 'تعديل الفئة' },
      kinds: { image: 'صورة', audio: 'صوت' },
      validation: { file_format: 'تنسيق الملف غير مدعوم. JPG/JPEG/PNG/MP3', file_required: 'يرجى اختيار ملف.' },
    },
  },
} satisfies Translation<typeof en>;
