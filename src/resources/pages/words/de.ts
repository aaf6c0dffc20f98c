import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The pages module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    pages: {
      name: 'Seite |||| Seiten',
      fields: { id: 'ID', key: 'Name', value: 'Beschreibung', created_at: 'Erstellt am', updated_at: 'Aktualisiert am' },
      action: { create: 'Seite hinzufügen' },
      page: { list: 'Seiten', create: 'Seite hinzufügen', edit: 'Seite bearbeiten', show: 'Seite' },
      keys: { privacy_policy: 'Datenschutzerklärung', terms: 'Allgemeine Geschäftsbedingungen' },
      not_written: 'Diese Seite wurde noch nicht geschrieben.',
      validation: { key_required: 'Bitte wählen Sie einen Typ', value_required: 'Bitte geben Sie eine Beschreibung ein' },
    },
  },
} satisfies Translation<typeof en>;
