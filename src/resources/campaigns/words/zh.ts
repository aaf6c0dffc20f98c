import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The campaigns module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    campaigns: {
      name: '宣传活动 |||| 宣传活动',
      fields: {
        title: '标题',
        session: '时间段',
        start_date: '开始日期',
        end_date: '结束日期',
        district_id: '区',
        tehsil_id: '县（Tehsil）',
        file: '图片或 PDF',
        status: '状态',
        created_at: '创建日期',
      },
      action: { create: '添加宣传活动' },
      page: { list: '宣传活动', create: '添加宣传活动', edit: '编辑宣传活动', show: '宣传活动' },
      tasks: '此宣传活动的任务',
      no_tasks: '暂无指向此宣传活动的任务。',
      place: '地点',
      validation: {
        title_required: '请输入标题。',
        start_required: '请选择开始日期。',
        end_required: '请选择结束日期。',
        file_format: '不支持该文件格式。仅限 JPG/JPEG/PNG/PDF',
        file_required: '请选择文件。',
      },
    },
  },
} satisfies Translation<typeof en>;
