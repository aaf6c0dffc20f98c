import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The dynamic-forms module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'dynamic-forms': {
      name: 'نموذج ديناميكي |||| نماذج ديناميكية',
      fields: {
        title: 'عنوان النموذج',
        created_at: 'تاريخ الإنشاء',
        submissions_count: 'الإرسالات',
        status: 'الحالة',
        version: 'الإصدار',
        questions: 'الأسئلة',
        question: 'السؤال %{n}',
        question_title: 'عنوان السؤال',
        type: 'النوع',
        choose_type: 'اختر نوعًا',
        is_required: 'إلزامي',
        options: 'الخيارات',
        option: 'الخيار %{n}',
      },
      types: { text: 'نص', checkbox: 'اختيار متعدد', radio: 'اختيار واحد', date: 'تاريخ' },
      action: {
        create: 'إضافة نموذج ديناميكي',
        add_question: 'إضافة سؤال',
        remove_question: 'حذف السؤال %{n}',
        add_more: 'إضافة المزيد',
        remove_option: 'حذف الخيار %{n}',
        export: 'تصدير الإجابات',
      },
      page: { list: 'النماذج الديناميكية', create: 'إضافة نموذج ديناميكي', edit: 'تعديل النموذج الديناميكي', show: 'نموذج ديناميكي' },
      message: {
        invalid: 'املأ الحقول المطلوبة.',
        save_failed: 'حدث خطأ أثناء حفظ البيانات.',
        add_question_hint: 'أعطِ السؤال الأخير عنوانًا ونوعًا أولًا.',
        answered: 'لهذا السؤال إجابات بالفعل. تعديله يُبقي الإجابات مع الإصدار الحالي ويضيف إصدارًا جديدًا من السؤال.',
        submissions: '%{smart_count} إرسال |||| %{smart_count} إرسالات',
      },
      validation: {
        title_required: 'عنوان النموذج مطلوب',
        question_title: 'عنوان السؤال %{n} مطلوب',
        type_required: 'نوع الخيارات مطلوب',
        option_title: 'عنوان الخيار %{n} مطلوب',
      },
    },
  },
} satisfies Translation<typeof en>;
