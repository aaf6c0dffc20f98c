import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The supports module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
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
} satisfies Translation<typeof en>;
