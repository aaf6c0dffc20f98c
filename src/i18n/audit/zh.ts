import type { Messages } from '../messages';

/** The audit log, Simplified Chinese: merged into zh.ts. */
const audit = {
  resources: {
    'audit-log': {
      name: '审计记录 |||| 审计日志',
      menu: '审计日志',
      page: { list: '审计日志' },
      fields: { created_at: '时间', actor: '操作人', action: '操作', resource: '记录', ip: 'IP 地址' },
      changes: '变更',
      field: '字段',
      before: '变更前',
      after: '变更后',
      value: '值',
      no_changes: '未记录字段值。',
      no_actor: '现场应用或服务器',
      filter_by_admin: '只显示 %{name} 的操作',
      admin_chip: '管理员：%{name}',
      actions: {
        create: '创建',
        update: '更新',
        updated: '更新',
        delete: '删除',
        status: '更改状态',
        read: '查看',
        export: '导出',
        import: '导入',
        upload: '上传文件',
        send: '发送通知',
        login: '登录',
        logout: '退出登录',
        login_failed: '登录失败',
        login_blocked: '登录被阻止',
        password_reset: '重置密码',
        password_reset_requested: '请求重置密码',
        change_password: '修改密码',
        update_profile: '更新个人资料',
        deny: '拒绝',
        file_read: '打开文件',
        field_login: '登录（应用）',
        field_login_failed: '登录失败（应用）',
        field_create: '从应用发送',
        field_reach: '更新地点和兴趣（应用）',
        field_password_reset: '重置密码（应用）',
        field_password_reset_requested: '请求重置密码（应用）',
        task_status: '任务状态（应用）',
        form_submission: '填写问卷（应用）',
      },
    },
  },
} satisfies Messages;

export default audit;
