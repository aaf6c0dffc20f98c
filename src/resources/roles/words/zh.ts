import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The roles module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    roles: {
      name: '角色 |||| 角色',
      fields: {
        name: '名称',
        permissions: '权限',
        permissions_count: '权限',
      },
      action: { create: '添加角色' },
      page: { list: '角色', create: '添加角色', edit: '编辑角色' },
      select_all: '全选',
      modules: {
        sub_admin: '管理员',
        role: '角色',
        doctor: '医生',
        chw: '社区卫生工作者',
        app_user: '患者',
        task: '任务',
        hlc: '健康素养内容',
        campaign: '宣传活动',
        form: '调查表单',
        facility_center: '医疗机构',
        location: '地点',
        qualification: '资质',
        specialization: '专科',
        page: '页面',
        faq: '常见问题',
        setting: '设置',
        feedback: '反馈',
        support: '支持',
        notification: '通知',
        activity: '活动',
      },
      actions: {
        view: '查看',
        create: '新建',
        edit: '编辑',
        delete: '删除',
        view_activity_doctor: '查看医生',
        create_activity_chw: '查看社区卫生工作者',
      },
    },
  },
} satisfies Translation<typeof en>;
