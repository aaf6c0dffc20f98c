import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointments module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    appointments: {
      name: 'موعد |||| مواعيد',
      fields: {
        date: 'التاريخ',
        doctor_id: 'الطبيب',
        patient_id: 'المريض',
        status: 'الحالة',
        scheduled: 'الموعد المحدد',
        booking_for: 'الحجز لـ',
        disease: 'تفاصيل المرض',
        detail: 'ملاحظة',
        cancel_reason: 'السبب', request_id: 'الطلب',
      },
      action: {
        cancel: 'إلغاء', complete: 'إكمال', reschedule: 'إعادة الجدولة',
      },
      page: {
        list: 'المواعيد',
        show: 'تفاصيل الموعد',
      },
      status: {
        Booked: 'محجوز',
        Completed: 'مكتمل',
        Cancelled: 'ملغى',
      },
      cancel_title: 'لماذا أُلغي هذا الموعد؟',
      book: { button: 'حجز موعد', title: 'حجز موعد', previous_month: 'الشهر السابق', next_month: 'الشهر التالي', day_open: '%{day}: موعد متاح واحد |||| %{day}: %{smart_count} مواعيد متاحة', day_closed: '%{day}: لا موعد متاح', slots_failed: 'تعذّرت قراءة المواعيد المتاحة. حاول مرة أخرى.', no_slots_month: 'لا مواعيد متاحة هذا الشهر: جرّب الشهر التالي.', slots_of: 'المواعيد المتاحة يوم %{day}', choose_day: 'اختر يومًا فيه مواعيد متاحة.', booked: 'تم الحجز يوم %{day} الساعة %{time}.', for_request: 'الطلب رقم %{number}: %{detail}', for_whom: 'لمن', self: '%{name} (نفسه)', specialization: 'التخصص', choose_specialization_first: 'اختر التخصص أولًا', no_doctors: 'لا يوجد طبيب نشط بهذا التخصص.', summary: '%{day}، %{time}', keep: 'إغلاق', confirm: 'حجز' },
      complete: { done: 'اكتمل الموعد.', title: 'هل تريد تعليم هذا الموعد كمكتمل؟', text: 'راجع %{name} د. %{doctor}. لا يمكن تغيير الموعد المكتمل بعد ذلك.', keep: 'إبقاؤه محجوزًا', confirm: 'تعليمه كمكتمل' },
      reschedule: { title: 'إعادة جدولة الموعد', now: '%{name}، الآن يوم %{day}، %{time}. اختر موعدًا متاحًا آخر.', keep: 'إبقاء هذا الوقت', confirm: 'النقل إلى هنا', done: 'نُقل إلى يوم %{day} الساعة %{time}.' },
      cancel: { done: 'أُلغي الموعد وأصبح وقته متاحًا من جديد.', keep: 'إبقاؤه', confirm: 'إلغاء الموعد' },
      dr: 'د. %{name}',
      self: 'نفسه',
      years: '%{age} سنة',
    },
  },
} satisfies Translation<typeof en>;
