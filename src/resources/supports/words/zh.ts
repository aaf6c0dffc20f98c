import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The supports module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    supports: {
      name: '支持请求 |||| 支持请求',
      fields: {
        id: '编号',
        user: '用户名',
        msg: '留言',
        status: '状态',
        reply: '回复',
        created_at: '创建日期',
      },
      page: {
        list: '支持',
        edit: '回复支持请求',
        show: '支持请求',
      },
      statuses: {
        Open: '待处理',
        Resolved: '已解决',
      },
      kinds: {
        patient: '患者',
        chw: '社区卫生工作者',
        doctor: '医生',
        family: '家庭成员',
      },
      no_reply: '尚未回复。',
      reply_help: '用户会在应用中看到此回复。',
      validation: {
        status_required: '请选择状态。',
      },
    },
  },
} satisfies Translation<typeof en>;
