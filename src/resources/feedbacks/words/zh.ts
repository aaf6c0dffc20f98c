import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The feedbacks module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    feedbacks: {
      name: '反馈 |||| 反馈',
      fields: {
        user: '用户名',
        doctor: '医生姓名',
        msg: '留言',
        rating: '评分',
        dated_at: '日期',
        status: '状态',
        note: '工作人员备注',
        created_at: '创建日期',
      },
      page: {
        list: '反馈',
        edit: '审阅反馈',
        show: '反馈',
      },
      stars: '评分：%{smart_count} / 5',
      statuses: {
        New: '新',
        Reviewed: '已审阅',
      },
      note_help: '工作人员采取的处理；患者看不到。',
      validation: {
        status_required: '请选择状态。',
      },
    },
  },
} satisfies Translation<typeof en>;
