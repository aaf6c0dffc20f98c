import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The qualifications module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    qualifications: {
      name: '资质 |||| 资质',
      fields: { title: '名称' },
      action: { create: '添加资质' },
      page: { list: '资质', create: '添加资质', edit: '编辑资质' },
    },
  },
} satisfies Translation<typeof en>;
