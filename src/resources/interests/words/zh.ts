import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The interests module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    interests: {
      name: '兴趣 |||| 兴趣',
      fields: { title: '标题' },
      action: { create: '添加兴趣' },
      page: { list: '兴趣', create: '添加兴趣', edit: '编辑兴趣' },
      validation: { title_required: '请输入兴趣。' },
    },
  },
} satisfies Translation<typeof en>;
