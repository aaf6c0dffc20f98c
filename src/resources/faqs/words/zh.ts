import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The faqs module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    faqs: {
      name: '常见问题 |||| 常见问题',
      fields: { id: '编号', question: '问题', answer: '答案', created_at: '创建日期' },
      action: { create: '添加常见问题' },
      page: { list: '常见问题', create: '添加常见问题', edit: '编辑常见问题', show: '常见问题' },
      validation: { question_required: '请提供问题', answer_required: '请提供答案' },
    },
  },
} satisfies Translation<typeof en>;
