import type { Messages } from '../messages';

/** The app bar's search and the form machinery's extras (dependent selects, save and add another), العربية: merged into ar.ts. */
const daily = {
  app: {
    confirm: {
      keep: 'إبقاؤه',
      this_record: 'هذا السجل',
      delete_title: 'حذف %{name}؟',
      block_title: 'حظر %{name}؟',
      unblock_title: 'إلغاء حظر %{name}؟',
    },
    filter: {
      district: 'المنطقة',
      tehsil: 'التحصيل',
      blood_group: 'فصيلة الدم',
      doctor: 'الطبيب',
      specialization: 'التخصص',
      saved: 'عوامل التصفية المحفوظة',
    },
    search: {
      open: 'بحث',
      placeholder: 'المرضى، الأطباء، العاملون الصحيون، المشرفون، الحملات، النماذج',
      hint: 'اكتب حرفين على الأقل: اسمًا أو رقم هاتف أو رقم بطاقة هوية أو عنوانًا.',
      no_results: 'لا توجد نتائج لـ «%{q}».',
      more: 'كل النتائج في %{list}',
      failed: 'تعذّر البحث. يُرجى المحاولة مرة أخرى.',
      results: 'نتائج البحث',
    },
    form: {
      choose_district_first: 'اختر المقاطعة أولًا',
      choose_tehsil_first: 'اختر التحصيل أولًا',
    },
    action: {
      save_and_add: 'حفظ وإضافة آخر',
    },
    notification: {
      added_named: 'تمت إضافة %{name}.',
    },
  },
} satisfies Messages;

export default daily;
