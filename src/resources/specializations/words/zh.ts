import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The specializations module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    specializations: {
      name: '专科 |||| 专科',
      fields: { title: '名称' },
      action: { create: '添加专科' },
      page: { list: '专科', create: '添加专科', edit: '编辑专科' },
    },
  },
} satisfies Translation<typeof en>;
