import type { Messages } from '../messages';

/** Pages and FAQs, 简体中文: merged into zh.ts. */
const content = {
  resources: {
    pages: {
      name: '页面 |||| 页面',
      fields: { key: '名称', value: '描述', created_at: '创建日期', updated_at: '更新日期' },
      action: { create: '添加页面' },
      page: { list: '页面', create: '添加页面', edit: '编辑页面', show: '页面' },
      keys: { privacy_policy: '隐私政策', terms: '条款和条件' },
      not_written: '此页面尚未撰写。',
      validation: { key_required: '请选择类型', value_required: '请提供描述' },
    },
    faqs: {
      name: '常见问题 |||| 常见问题',
      fields: { question: '问题', answer: '答案', created_at: '创建日期' },
      action: { create: '添加常见问题' },
      page: { list: '常见问题', create: '添加常见问题', edit: '编辑常见问题', show: '常见问题' },
      validation: { question_required: '请提供问题', answer_required: '请提供答案' },
    },
  },
} satisfies Messages;

export default content;
