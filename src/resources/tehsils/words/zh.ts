import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The tehsils module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    tehsils: {
      name: '县（Tehsil） |||| 县（Tehsil）',
      fields: {
        title: '名称',
        district_id: '选择区…',
        district: { title: '区' },
      },
      action: { create: '添加县' },
      page: { list: '县（Tehsil）', create: '添加县', edit: '编辑县' },
    },
  },
} satisfies Translation<typeof en>;
