import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cancellation-reasons module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'cancellation-reasons': {
      name: 'سبب الإلغاء |||| أسباب الإلغاء',
      fields: {
        name: 'السبب',
      },
      action: {
        create: 'إضافة سبب',
      },
      page: {
        list: 'أسباب الإلغاء',
        create: 'إضافة سبب',
        edit: 'تعديل السبب',
      },
      validation: {
        name_required: 'يرجى إدخال سبب.',
      },
    },
  },
} satisfies Translation<typeof en>;
