import type { Messages } from '../messages';

/** Words the doctors', appointments' and clinical records' screens share (a module's own words are in src/resources/<name>/words/), العربية: merged into ar.ts. */
const clinical = {
  app: {
    validation: {
      disease_required: 'يرجى إدخال المرض.',
      from_date_required: 'يرجى إدخال تاريخ البداية.',
      to_date_required: 'يرجى إدخال تاريخ النهاية.',
      detail_required: 'يرجى إدخال التفاصيل.',
      current_date_required: 'يرجى إدخال التاريخ الحالي.',
      medicine_required: 'يرجى إدخال اسم الدواء.',
      days_required: 'يرجى إدخال عدد الأيام.',
      note_required: 'يرجى إدخال ملاحظة.',
    },
    medicine_time: {
      Morning: 'صباحًا',
      Noon: 'ظهرًا',
      Evening: 'مساءً',
      Night: 'ليلًا',
    },
    to_be_taken: {
      'After Food': 'بعد الطعام',
      'Before Food': 'قبل الطعام',
    },
    yes: 'نعم',
    patient_picker: { label: 'المريض', none: 'لم يُعثر على مريض.', type: 'اكتب حرفين من الاسم أو أرقامًا من الهاتف.', hint: 'ابحث بالاسم أو الهاتف.', required: 'يرجى اختيار المريض.' },
    no: 'لا',
  },
} satisfies Messages;

export default clinical;
