import type { Messages } from '../messages';

/** Words the patient, family and CHW screens share, and the locations import (a module's own words are in src/resources/<name>/words/), العربية: merged into ar.ts. */
const people = {
  app: {
    person: { age_from_dob: 'محسوب من تاريخ الميلاد.', country_search: 'اكتب للبحث عن الدولة.' },
    account: { keep_password: 'اتركه فارغًا للإبقاء على كلمة المرور الحالية. كلمة مرور جديدة تُخرج الشخص من التطبيق.' },
    auth: { reset_success_app: 'تم تغيير كلمة المرور. سجّل الدخول إلى التطبيق بكلمة المرور الجديدة.' },
    import: {
      menu: 'استيراد المواقع',
      title: 'استيراد المواقع',
      intro:
        'أضف عدة مناطق وتحصيلات ومجالس قرى دفعة واحدة من ملف CSV بهذه الأعمدة. افحص الملف أولًا: يُعرض كل سطر فيه مشكلة مع رقمه، ولا يُحفظ شيء حتى يصبح الملف كله صحيحًا.',
      template: 'تنزيل نموذج',
      choose: 'اختيار ملف CSV',
      no_file: 'لم يُختر ملف',
      check: 'فحص',
      import: 'استيراد',
      working: 'جارٍ العمل…',
      done: 'تم استيراد %{districts} مناطق و%{tehsils} تحصيلات و%{areas} مجالس قرى من %{rows} سطرًا.',
      ready: 'كل الأسطر (%{rows}) جاهزة: ستُضاف %{districts} مناطق و%{tehsils} تحصيلات و%{areas} مجالس قرى.',
      problems: 'يجب تصحيح سطر واحد قبل الاستيراد. |||| يجب تصحيح %{smart_count} أسطر قبل الاستيراد.',
      problems_table: 'الأسطر التي يجب تصحيحها',
      line: 'السطر',
      problem: 'المشكلة',
    },
    layout: { paths: { locations: 'المواقع', import: 'استيراد' } },
    validation: {
      age_required: 'يرجى إدخال العمر.',
      relation_required: 'يرجى اختيار صلة القرابة.',
      qualification_required: 'يرجى اختيار المؤهل',
      district_select: 'يرجى اختيار مقاطعة',
      tehsil_select: 'يرجى اختيار تحصيل',
      area_select: 'يرجى اختيار مجلس قرية (VC)',
    },
    marital_status: {
      Married: 'متزوج',
      Unmarried: 'أعزب',
      Divorced: 'مطلق',
      Separated: 'منفصل',
    },
    relation: {
      Father: 'الأب',
      Mother: 'الأم',
      Wife: 'الزوجة',
      Son: 'الابن',
      Daughter: 'الابنة',
      Brother: 'الأخ',
      Sister: 'الأخت',
    },
    filter: {
      all_districts: 'كل المناطق',
    },
  },
} satisfies Messages;

export default people;
