import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The medical-histories module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'medical-histories': {
      name: '病史 |||| 病史',
      fields: {
        patient_id: '患者',
        disease_name: '疾病',
        from_date: '开始日期',
        to_date: '结束日期',
        period: '时间段',
        detail: '详情',
        reports: '报告',
        c_date: '当前日期',
        m_name: '药品名称',
        days: '天数',
        m_times: '服药时间',
        to_be_taken: '服用方式',
        still_using: '仍在使用',
        note: '备注',
      },
      action: {
        create: '添加病史',
      },
      page: {
        list: '病史',
        create: '添加病史',
        edit: '编辑病史',
        show: '病史',
      },
      of: '%{disease} 的病史',
      medication: '用药',
      report: '报告 %{n}',
      validation: {
        reports_format: '不支持的文件格式。JPG/JPEG/PNG/MP3',
      },
    },
  },
} satisfies Translation<typeof en>;
