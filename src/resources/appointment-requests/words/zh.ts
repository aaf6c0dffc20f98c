import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointment-requests module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'appointment-requests': {
      name: '预约申请 |||| 预约申请',
      fields: {
        id: '编号',
        patient_id: '患者',
        detail: '描述',
        is_emergency: '紧急',
        dated_at: '日期',
      },
      page: {
        list: '预约申请',
      },
      emergency: '紧急',
      routine: '否',
      book: '预约',
      booked: '已预约：打开',
    },
  },
} satisfies Translation<typeof en>;
