import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The duty-roasters module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'duty-roasters': {
      name: 'جدول دوام |||| جداول الدوام',
      fields: {
        doctor_id: 'الطبيب',
        label: 'الاسم',
        dates: 'التواريخ',
        first_date: 'أول تاريخ',
        s_time: 'الوقت',
        e_time: 'حتى الساعة',
        session: 'الجلسة (بالدقائق)',
        charge: 'الرسوم لكل دقيقة',
        total_fee: 'إجمالي الرسوم',
        time_from: 'من الساعة',
      },
      page: {
        list: 'جداول الدوام',
      },
      editor: {
        title: 'جدولة ساعات العمل',
        previous_month: 'الشهر السابق',
        next_month: 'الشهر التالي',
        select_weekday: 'اختيار كل أيام %{day} في الشهر',
        day_scheduled: '%{day}، مجدول مسبقًا',
        chosen: 'لم يُختر أي تاريخ |||| تاريخ واحد مختار |||| تاريخان مختاران |||| %{smart_count} تواريخ مختارة |||| %{smart_count} تاريخًا مختارًا |||| %{smart_count} تاريخ مختار',
        legend_chosen: 'مختار',
        legend_scheduled: 'مجدول مسبقًا',
        clear: 'مسح التواريخ',
        session_disabled: 'يُتاح عندما يكون النطاق الزمني 10 دقائق على الأقل.',
        fee_help: 'الجلسة × الرسوم لكل دقيقة',
        preview: 'الفترات التي ستُحفظ',
        preview_day: 'فترات كل يوم مختار',
        preview_empty: 'اختر وقت البداية ووقت النهاية ومدة الجلسة لرؤية الفترات.',
        remainder: 'الفترة %{from}–%{to} أقصر من جلسة ولذلك تُستبعد.',
        preview_summary: '%{slots} فترة في اليوم × %{dates} تاريخ = %{total} فترة',
        save: 'حفظ ساعات العمل',
        stored: 'الفترات المحفوظة لشهر %{month}',
        legend: 'الفترات المتاحة والملغاة مفتوحة للحجز؛ الفترات المحجوزة والمخصصة غير متاحة.',
        no_slots: 'لا توجد فترات محفوظة في هذا الشهر.',
        open: 'مفتوحة للحجز',
        unavailable: 'غير متاحة',
        schedules: 'الجداول',
      },
      status: {
        Available: 'متاحة',
        Cancelled: 'ملغاة',
        Booked: 'محجوزة',
        Reserved: 'مخصصة',
      },
      validation: {
        from_required: 'يرجى إدخال وقت البداية.',
        to_required: 'يرجى إدخال وقت النهاية.',
        order: 'يجب أن يكون وقت النهاية بعد وقت البداية.',
        session: 'يرجى إدخال مدة جلسة لا تقل عن 10 دقائق.',
        too_short: 'يجب أن يتسع النطاق الزمني لجلسة واحدة على الأقل.',
        charge: 'يرجى إدخال رسوم لا تقل عن 1 لكل دقيقة.',
        charge_step: 'يرجى إدخال الرسوم بخطوات قدرها 0.1.',
        dates: 'يرجى اختيار التواريخ.',
      },
    },
  },
} satisfies Translation<typeof en>;
