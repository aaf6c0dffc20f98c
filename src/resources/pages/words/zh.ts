import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The pages module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    pages: {
      name: '页面 |||| 页面',
      fields: { id: '编号', key: '名称', value: '描述', created_at: '创建日期', updated_at: '更新日期' },
      action: { create: '添加页面' },
      page: { list: '页面', create: '添加页面', edit: '编辑页面', show: '页面' },
      keys: { privacy_policy: '隐私政策', terms: '条款和条件' },
      not_written: '此页面尚未撰写。',
      validation: { key_required: '请选择类型', value_required: '请提供描述' },
    },
  },
} satisfies Translation<typeof en>;
