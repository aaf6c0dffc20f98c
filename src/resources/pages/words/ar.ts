import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The pages module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    pages: {
      name: 'صفحة |||| صفحات',
      fields: { id: 'المعرّف', key: 'الاسم', value: 'الوصف', created_at: 'تاريخ الإنشاء', updated_at: 'تاريخ التحديث' },
      action: { create: 'إضافة صفحة' },
      page: { list: 'الصفحات', create: 'إضافة صفحة', edit: 'تعديل الصفحة', show: 'الصفحة' },
      keys: { privacy_policy: 'سياسة الخصوصية', terms: 'الشروط والأحكام' },
      not_written: 'لم تُكتب هذه الصفحة بعد.',
      validation: { key_required: 'يرجى اختيار النوع', value_required: 'يرجى تقديم وصف' },
    },
  },
} satisfies Translation<typeof en>;
