import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointment-requests module's words in العربية (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/ar.ts. */
export default {
  resources: {
    'appointment-requests': {
      name: 'طلب موعد |||| طلبات المواعيد',
      fields: {
        id: 'المعرّف',
        patient_id: 'المريض',
        detail: 'الوصف',
        is_emergency: 'طارئ',
        dated_at: 'التاريخ',
      },
      page: {
        list: 'طلبات المواعيد',
      },
      emergency: 'طارئ',
      routine: 'لا',
      book: 'حجز',
      booked: 'محجوز: فتح',
    },
  },
} satisfies Translation<typeof en>;
