import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The countries module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    countries: {
      name: '国家 |||| 国家',
      fields: { country: '国家', iso2: 'ISO2', iso3: 'ISO3' },
      action: { create: '添加国家' },
      page: { list: '国家', create: '添加国家', edit: '编辑国家' },
    },
  },
  app: {
    validation: {
      country_required: '请输入国家。',
      iso2: '请输入两个字母的代码。',
      iso3: '请输入三个字母的代码。',
    },
  },
} satisfies Translation<typeof en>;
