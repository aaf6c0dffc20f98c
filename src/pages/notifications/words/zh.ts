import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The notifications module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    notifications: {
      name: '通知 |||| 通知',
      menu: '发送通知',
      fields: {
        title: '标题',
        body: '消息',
        sendTo: '接收对象',
        send_to: '接收对象',
        recipients: '接收人数',
        delivered: '已送达',
        sent_by_name: '发送人',
        created_at: '发送时间',
      },
      audience: { admin: '管理员', doctor: '医生', patient: '患者' },
      status: { sending: '发送中… %{delivered} / %{recipients}', sent: '已送达 %{delivered} / %{recipients}' },
      action: { create: '发送通知' },
      page: { list: '通知', send: '发送通知' },
    },
  },
  app: {
    notifications: {
      audience_hint: '管理员在通知铃铛中查看（网页）；医生和患者在其应用的收件箱中查看（移动端）',
      audience_required: '请选择通知的接收对象。',
      message_required: '请输入消息内容。',
      counting: '正在统计接收者…',
      count_unavailable: '此后端无法提供接收者人数。',
      will_reach: '将送达 %{number} 位接收者 |||| 将送达 %{number} 位接收者',
      confirm_title: '发送“%{title}”？',
      confirm_count: '将送达 %{number} 位接收者（%{audience}）。 |||| 将送达 %{number} 位接收者（%{audience}）。',
      confirm_uncounted: '接收者人数（%{audience}）不可用：将发送给所有活跃的接收者。',
      confirm_send: '发送',
    },
  },
} satisfies Translation<typeof en>;
