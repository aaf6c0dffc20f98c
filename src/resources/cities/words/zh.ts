import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cities module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    cities: {
      name: '城市 |||| 城市',
      menu: '城市',
      fields: { title: '名称' },
      action: { create: '添加城市' },
      page: { list: '城市', create: '添加城市', edit: '编辑城市' },
    },
  },
} satisfies Translation<typeof en>;
