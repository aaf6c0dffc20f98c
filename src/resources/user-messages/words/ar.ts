import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The user-messages module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'user-messages': {
      name: 'رسالة للمستخدمين |||| رسائل المستخدمين',
      fields: {
        type: 'النوع',
        title: 'العنوان',
        survey_id: 'نموذج الاستبيان',
        knowledge_id: 'المعرفة',
        text: 'النص',
        interest_ids: 'الاهتمامات',
        from_age: 'الحد الأدنى للعمر',
        to_age: 'الحد الأقصى للعمر',
        district_id: 'المقاطعة',
        tehsil_id: 'التحصيل',
        total_users: 'إجمالي المستخدمين',
        status: 'الحالة',
        created_at: 'تاريخ الإرسال',
        full_name: 'الاسم',
        is_view: 'المشاهدة',
        recipient_status: 'الحالة',
        submitted_date: 'تاريخ التقديم',
      },
      types: { Survey: 'استبيان', Booking: 'حجز', Knowledge: 'معرفة', General: 'عام' },
      recipient_statuses: { Pending: 'قيد الانتظار', Submitted: 'مُقدَّم' },
      viewed: { yes: 'تمت المشاهدة', no: 'لم تتم المشاهدة' },
      action: { create: 'إضافة رسالة للمستخدمين' },
      page: {
        list: 'رسائل المستخدمين',
        create: 'إضافة رسالة للمستخدمين',
        edit: 'تعديل رسالة المستخدمين',
        show: 'رسالة للمستخدمين',
      },
      recipients: 'المستلمون',
      recipients_count:
        'لا يوجد مستلمون |||| مستلم واحد |||| مستلمان |||| %{smart_count} مستلمين |||| %{smart_count} مستلمًا |||| %{smart_count} مستلم',
      no_recipients: 'لا يوجد مريض يطابق هذه الرسالة بعد.',
      ages: 'الأعمار من %{from} إلى %{to}',
      all_ages: 'جميع الأعمار',
      age_hint: 'اترك حقلي العمر فارغين للوصول إلى جميع الأعمار.',
      validation: {
        type_required: 'يرجى اختيار النوع',
        survey_required: 'يرجى اختيار نموذج',
        knowledge_required: 'يرجى اختيار محتوى معرفي',
        text_required: 'يرجى إدخال نص',
        interest_required: 'يرجى اختيار اهتمام',
        title_required: 'يرجى إدخال عنوان',
        from_age_required: 'يرجى اختيار الحد الأدنى للعمر',
        to_age_required: 'يرجى اختيار الحد الأقصى للعمر',
        age_order: 'لا يمكن أن يكون الحد الأقصى للعمر أقل من الحد الأدنى للعمر.',
      },
    },
  },
} satisfies Translation<typeof en>;
