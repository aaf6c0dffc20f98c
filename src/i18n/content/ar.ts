import type { Messages } from '../messages';

/** Pages and FAQs, العربية: merged into ar.ts. */
const content = {
  resources: {
    pages: {
      name: 'صفحة |||| صفحات',
      fields: { key: 'الاسم', value: 'الوصف', created_at: 'تاريخ الإنشاء', updated_at: 'تاريخ التحديث' },
      action: { create: 'إضافة صفحة' },
      page: { list: 'الصفحات', create: 'إضافة صفحة', edit: 'تعديل الصفحة', show: 'الصفحة' },
      keys: { privacy_policy: 'سياسة الخصوصية', terms: 'الشروط والأحكام' },
      not_written: 'لم تُكتب هذه الصفحة بعد.',
      validation: { key_required: 'يرجى اختيار النوع', value_required: 'يرجى تقديم وصف' },
    },
    faqs: {
      name: 'سؤال شائع |||| الأسئلة الشائعة',
      fields: { question: 'السؤال', answer: 'الإجابة', created_at: 'تاريخ الإنشاء' },
      action: { create: 'إضافة سؤال شائع' },
      page: { list: 'الأسئلة الشائعة', create: 'إضافة سؤال شائع', edit: 'تعديل السؤال الشائع', show: 'سؤال شائع' },
      validation: { question_required: 'يرجى تقديم سؤال', answer_required: 'يرجى تقديم إجابة' },
    },
  },
} satisfies Messages;

export default content;
