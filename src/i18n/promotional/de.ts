import type { Messages } from '../messages';

/** The Promotional screen, Deutsch: merged into de.ts. */
const promotional = {
  resources: {
    promotional: {
      menu: 'Werbeinhalte',
      title: 'Werbeinhalte',
      preview: 'Website ansehen',
      preview_label: 'Website ansehen (öffnet in einem neuen Tab)',
      tabs_label: 'Bereiche der Werbeinhalte',
      tabs: {
        logo: 'Logo',
        banner: 'Banner',
        about: 'Über uns',
        sliders: 'Slider',
        how_it_works: 'So funktioniert es',
        testimonials: 'Erfahrungsberichte',
      },
      fields: {
        logo: 'Logo',
        desc: 'Beschreibung',
        background_image: 'Hintergrundbild',
        center_image: 'Mittleres Bild',
        person_image: 'Personenbild',
        about_title: 'Titel „Über uns“',
        heading: 'Überschrift',
        title: 'Titel',
        video: 'Video (MP4)',
        slider: 'Slider-Bild',
        name: 'Name',
        text: 'Text',
      },
      about: {
        boxes: 'Kästen',
        box: 'Kasten %{n}',
        box_title: 'Titel von Kasten %{n}',
        box_desc: 'Beschreibung von Kasten %{n}',
        box_image: 'Bild von Kasten %{n}',
        analytics: 'Kennzahlen',
        analytic: 'Kennzahl %{n}',
        value: 'Wert %{n}',
        key: 'Bezeichnung %{n}',
      },
      columns: {
        image: 'Bild',
        added: 'Hinzugefügt',
      },
      actions: 'Aktionen',
      add: 'Hinzufügen',
      delete_label: '%{name} löschen',
      slider_of: 'Slider-Bild vom %{date}',
      uploading: 'Upload-Fortschritt',
      load_failed: 'Die Werbeinhalte konnten nicht geladen werden.',
      validation: {
        image_format: 'Dateiformat nicht unterstützt. JPG/JPEG/PNG',
        video_format: 'Dateiformat nicht unterstützt. Nur MP4',
        file_required: 'Bitte wählen Sie eine Datei aus.',
        description_required: 'Bitte geben Sie eine Beschreibung an.',
        title_required: 'Bitte geben Sie einen Titel an.',
        heading_required: 'Bitte geben Sie eine Überschrift an.',
        value_required: 'Bitte geben Sie einen Wert an.',
        key_required: 'Bitte geben Sie eine Bezeichnung an.',
        name_required: 'Bitte geben Sie einen Namen an.',
        text_required: 'Bitte geben Sie einen Text an.',
      },
    },
  },
} satisfies Messages;

export default promotional;
