import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The countries module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    countries: {
      name: 'دولة |||| الدول',
      fields: { country: 'الدولة', iso2: 'ISO2', iso3: 'ISO3' },
      action: { create: 'إضافة دولة' },
      page: { list: 'الدول', create: 'إضافة دولة', edit: 'تعديل الدولة' },
    },
  },
  app: {
    validation: {
      country_required: 'يرجى إدخال الدولة.',
      iso2: 'يرجى إدخال رمز من حرفين.',
      iso3: 'يرجى إدخال رمز من ثلاثة أحرف.',
    },
  },
} satisfies Translation<typeof en>;
