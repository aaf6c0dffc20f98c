import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The districts module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    districts: {
      name: '区 |||| 区',
      fields: { title: '名称' },
      action: { create: '添加区' },
      page: { list: '区', create: '添加区', edit: '编辑区' },
    },
  },
} satisfies Translation<typeof en>;
