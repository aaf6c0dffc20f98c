import type { Messages } from '../messages';

/** The audit log, Arabic: merged into ar.ts. */
const audit = {
  resources: {
    'audit-log': {
      name: 'سجل تدقيق |||| سجل التدقيق',
      menu: 'سجل التدقيق',
      page: { list: 'سجل التدقيق' },
      fields: { created_at: 'متى', actor: 'من', action: 'الإجراء', resource: 'السجل', ip: 'عنوان IP' },
      changes: 'التغييرات',
      field: 'الحقل',
      before: 'قبل',
      after: 'بعد',
      value: 'القيمة',
      no_changes: 'لم تُسجَّل قيم للحقول.',
      no_actor: 'التطبيق الميداني أو الخادم',
      filter_by_admin: 'عرض ما قام به %{name} فقط',
      admin_chip: 'المشرف: %{name}',
      actions: {
        create: 'إنشاء',
        update: 'تحديث',
        updated: 'تحديث',
        delete: 'حذف',
        status: 'تغيير الحالة',
        read: 'عرض',
        export: 'تصدير',
        import: 'استيراد',
        upload: 'رفع ملف',
        send: 'إرسال إشعار',
        login: 'تسجيل الدخول',
        logout: 'تسجيل الخروج',
        login_failed: 'فشل تسجيل الدخول',
        login_blocked: 'حظر تسجيل الدخول',
        password_reset: 'إعادة تعيين كلمة المرور',
        password_reset_requested: 'طلب إعادة تعيين كلمة المرور',
        change_password: 'تغيير كلمة المرور',
        update_profile: 'تحديث الملف الشخصي',
        deny: 'رفض',
        file_read: 'فتح ملف',
        field_login: 'تسجيل الدخول (التطبيق)',
        field_login_failed: 'فشل تسجيل الدخول (التطبيق)',
        field_create: 'أُرسل من التطبيق',
        field_reach: 'تحديث المكان والاهتمامات (التطبيق)',
        field_password_reset: 'إعادة تعيين كلمة المرور (التطبيق)',
        field_password_reset_requested: 'طلب إعادة تعيين كلمة المرور (التطبيق)',
        task_status: 'حالة المهمة (التطبيق)',
        form_submission: 'الإجابة على استبيان (التطبيق)',
      },
    },
  },
} satisfies Messages;

export default audit;
