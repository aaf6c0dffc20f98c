import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The feedbacks module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
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
  },
} satisfies Translation<typeof en>;
