import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The notifications module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    notifications: {
      name: 'إشعار |||| الإشعارات',
      menu: 'إرسال الإشعارات',
      fields: {
        title: 'العنوان',
        body: 'الرسالة',
        sendTo: 'الفئة المستهدفة',
        send_to: 'الفئة المستهدفة',
        recipients: 'المستلمون',
        delivered: 'تم التسليم',
        sent_by_name: 'المرسِل',
        created_at: 'تاريخ الإرسال',
      },
      audience: { admin: 'المشرفون', doctor: 'الأطباء', patient: 'المرضى' },
      status: { sending: 'جارٍ الإرسال… %{delivered} من %{recipients}', sent: 'سُلّم إلى %{delivered} من %{recipients}' },
      action: { create: 'إرسال إشعار' },
      page: { list: 'الإشعارات', send: 'إرسال إشعار' },
    },
  },
  app: {
    notifications: {
      audience_hint: 'يراه المشرفون في جرس الإشعارات (الويب)، والأطباء والمرضى في صندوق الوارد في تطبيقهم (الجوال)',
      audience_required: 'يرجى اختيار من يتلقى الإشعار.',
      message_required: 'يرجى كتابة رسالة.',
      counting: 'جارٍ عدّ المستلمين…',
      count_unavailable: 'عدد المستلمين غير متاح في هذه الواجهة الخلفية.',
      will_reach: 'لن يصل إلى أي مستلم |||| سيصل إلى مستلم واحد |||| سيصل إلى مستلمَين |||| سيصل إلى %{number} مستلمين |||| سيصل إلى %{number} مستلمًا |||| سيصل إلى %{number} مستلم',
      confirm_title: 'إرسال «%{title}»؟',
      confirm_count: 'لن يصل إلى أي مستلم (%{audience}). |||| سيصل إلى مستلم واحد (%{audience}). |||| سيصل إلى مستلمَين (%{audience}). |||| سيصل إلى %{number} مستلمين (%{audience}). |||| سيصل إلى %{number} مستلمًا (%{audience}). |||| سيصل إلى %{number} مستلم (%{audience}).',
      confirm_uncounted: 'عدد المستلمين (%{audience}) غير متاح: سيُرسل إلى جميع النشطين منهم.',
      confirm_send: 'إرسال',
    },
  },
} satisfies Translation<typeof en>;
