import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cancellation-reasons module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'cancellation-reasons': {
      name: '取消原因 |||| 取消原因',
      fields: {
        name: '原因',
      },
      action: {
        create: '添加原因',
      },
      page: {
        list: '取消原因',
        create: '添加原因',
        edit: '编辑原因',
      },
      validation: {
        name_required: '请填写原因。',
      },
    },
  },
} satisfies Translation<typeof en>;
