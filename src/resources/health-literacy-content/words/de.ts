import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The health-literacy-content module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'health-literacy-content': {
      name: 'Gesundheitsbildungsinhalt |||| Gesundheitsbildungsinhalte',
      fields: {
        title: 'Titel',
        type: 'Typ',
        category_id: 'Kategorie',
        desc: 'Beschreibung',
        tags: 'Schlagwörter',
        file: 'Datei',
        thumbnail: 'Vorschaubild',
        status: 'Status',
        created_at: 'Erstellt am',
      },
      action: { create: 'Inhalt hinzufügen' },
      page: {
        list: 'Gesundheitsbildung',
        create: 'Gesundheitsbildungsinhalt hinzufügen',
        edit: 'Gesundheitsbildungsinhalt bearbeiten',
        show: 'Gesundheitsbildungsinhalt',
      },
      types: {
        image: 'Bild',
        pdf: 'PDF',
        video: 'Video',
      },
      tags_help: 'Schlagwörter mit Kommas trennen; Enter oder ein Komma fügt sie hinzu.',
      tags_added: 'Hinzugefügte Schlagwörter',
      remove_tag: 'Schlagwort %{tag} entfernen',
      open_pdf: 'PDF in einem neuen Tab öffnen',
      validation: {
        type_required: 'Bitte einen Typ wählen.',
        category_required: 'Bitte eine Kategorie wählen.',
        title_required: 'Bitte einen Titel angeben.',
        desc_required: 'Bitte eine Beschreibung angeben.',
        tags_required: 'Bitte mindestens ein Schlagwort angeben.',
        file_required: 'Bitte eine Datei wählen.',
        thumbnail_required: 'Bitte ein Vorschaubild wählen.',
        format_image: 'Dateiformat nicht unterstützt. JPG/JPEG/PNG',
        format_pdf: 'Dateiformat nicht unterstützt. PDF',
        format_video: 'Dateiformat nicht unterstützt. Video',
        format_any: 'Dateiformat nicht unterstützt. JPG/JPEG/PNG/MP4/PDF',
      },
    },
  },
} satisfies Translation<typeof en>;
