import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The admins module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    admins: {
      name: '管理员 |||| 管理员',
      fields: {
        name: '姓名',
        f_name: '名',
        l_name: '姓',
        email: '电子邮件',
        phone: '电话',
        mobile: '手机',
        password: '密码',
        confirmPassword: '确认密码',
        oldPassword: '旧密码',
        current_password: '当前密码',
        dob: '出生日期',
        cnic: 'CNIC',
        role: '角色',
        gender: '性别',
        send_credentials: '通过电子邮件发送登录凭据',
        status: '状态',
        file: '头像',
        district_ids: '地区',
      },
      action: { create: '添加子管理员' },
      helper: {
        current_password: '密码重置链接会发送到您的邮箱：更改邮箱需要输入当前密码。',
        district_ids: '将该管理员限定在这些地区。留空表示所有地区。',
      },
      page: { list: '管理员', create: '添加子管理员', edit: '编辑子管理员' },
    },
  },
  app: {
    validation: {
      role_required: '请选择角色。',
      password_mismatch: '密码不一致。',
      old_password_required: '请输入旧密码。',
    },
  },
} satisfies Translation<typeof en>;
