import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The categories module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    categories: {
      name: 'Kategorie |||| Kategorien',
      fields: { title: 'Name', file: 'Datei', kind: 'Art' },
      action: { create: 'Kategorie hinzufügen' },
      page: { list: 'Kategorien', create: 'Kategorie hinzufügen', edit: 'Kategorie bearbeiten' },
      kinds: { image: 'Bild', audio: 'Audio' },
      validation: { file_format: 'Dateiformat nicht unterstützt. JPG/JPEG/PNG/MP3', file_required: 'Bitte wählen Sie eine Datei aus.' },
    },
  },
} satisfies Translation<typeof en>;
