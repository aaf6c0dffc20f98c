import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The prescriptions module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    prescriptions: {
      name: '处方 |||| 处方',
      fields: {
        patient_id: '患者',
        doctor_id: '医生',
        disease_name: '疾病',
        from_date: '开始日期',
        to_date: '结束日期',
        period: '时间段',
        detail: '详情',
        items: '药品',
        c_date: '当前日期',
        m_name: '药品名称',
        days: '天数',
        m_time: '服药时间',
        to_be_taken: '服用方式',
        still_using: '仍在服用',
        note: '备注',
      },
      action: {
        create: '添加处方',
      },
      page: {
        list: '处方',
        create: '添加处方',
        edit: '编辑处方',
        show: '处方详情',
      },
      days: '1 天 |||| %{smart_count} 天',
      validation: {
        items_required: '请至少添加一种药品。',
      },
    },
  },
  app: {
    validation: {
      doctor_required: '请选择医生。',
    },
  },
} satisfies Translation<typeof en>;
