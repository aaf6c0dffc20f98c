import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The roles module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    roles: {
      name: 'دور |||| الأدوار',
      fields: {
        name: 'الاسم',
        permissions: 'الصلاحيات',
        permissions_count: 'الصلاحيات',
      },
      action: { create: 'إضافة دور' },
      page: { list: 'الأدوار', create: 'إضافة دور', edit: 'تعديل الدور' },
      select_all: 'تحديد الكل',
      modules: {
        sub_admin: 'المشرفون',
        role: 'الأدوار',
        doctor: 'الأطباء',
        chw: 'العاملون الصحيون المجتمعيون',
        app_user: 'المرضى',
        task: 'المهام',
        hlc: 'محتوى التثقيف الصحي',
        campaign: 'الحملات',
        form: 'نماذج الاستبيان',
        facility_center: 'المرافق الصحية',
        location: 'المواقع',
        qualification: 'المؤهلات',
        specialization: 'التخصصات',
        page: 'الصفحات',
        faq: 'الأسئلة الشائعة',
        setting: 'الإعدادات',
        feedback: 'الملاحظات',
        support: 'الدعم',
        notification: 'الإشعارات',
        activity: 'النشاط',
      },
      actions: {
        view: 'عرض',
        create: 'إنشاء',
        edit: 'تعديل',
        delete: 'حذف',
        view_activity_doctor: 'عرض الطبيب',
        create_activity_chw: 'عرض العامل الصحي',
      },
    },
  },
} satisfies Translation<typeof en>;
