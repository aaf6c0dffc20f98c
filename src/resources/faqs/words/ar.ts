import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The faqs module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    faqs: {
      name: 'سؤال شائع |||| الأسئلة الشائعة',
      fields: { id: 'المعرّف', question: 'السؤال', answer: 'الإجابة', created_at: 'تاريخ الإنشاء' },
      action: { create: 'إضافة سؤال شائع' },
      page: { list: 'الأسئلة الشائعة', create: 'إضافة سؤال شائع', edit: 'تعديل السؤال الشائع', show: 'سؤال شائع' },
      validation: { question_required: 'يرجى تقديم سؤال', answer_required: 'يرجى تقديم إجابة' },
    },
  },
} satisfies Translation<typeof en>;
