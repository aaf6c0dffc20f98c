import type { Messages } from '../messages';

/** The Promotional screen, Français: merged into fr.ts. */
const promotional = {
  resources: {
    promotional: {
      menu: 'Promotion',
      title: 'Promotion',
      preview: 'Voir le site',
      preview_label: 'Voir le site (s’ouvre dans un nouvel onglet)',
      tabs_label: 'Sections promotionnelles',
      tabs: {
        logo: 'Logo',
        banner: 'Bannière',
        about: 'À propos',
        sliders: 'Carrousel',
        how_it_works: 'Comment ça marche',
        testimonials: 'Témoignages',
      },
      fields: {
        logo: 'Logo',
        desc: 'Description',
        background_image: 'Image de fond',
        center_image: 'Image centrale',
        person_image: 'Image de personne',
        about_title: 'Titre « À propos »',
        heading: 'En-tête',
        title: 'Titre',
        video: 'Vidéo (MP4)',
        slider: 'Image du carrousel',
        name: 'Nom',
        text: 'Texte',
      },
      about: {
        boxes: 'Encadrés',
        box: 'Encadré %{n}',
        box_title: 'Titre de l’encadré %{n}',
        box_desc: 'Description de l’encadré %{n}',
        box_image: 'Image de l’encadré %{n}',
        analytics: 'Chiffres clés',
        analytic: 'Chiffre %{n}',
        value: 'Valeur %{n}',
        key: 'Libellé %{n}',
      },
      columns: {
        image: 'Image',
        added: 'Ajoutée',
      },
      actions: 'Actions',
      add: 'Ajouter',
      delete_label: 'Supprimer %{name}',
      slider_of: 'Image du carrousel du %{date}',
      uploading: 'Progression de l’envoi',
      load_failed: 'Le contenu promotionnel n’a pas pu être chargé.',
      validation: {
        image_format: 'Format de fichier non pris en charge. JPG/JPEG/PNG',
        video_format: 'Format de fichier non pris en charge. MP4 uniquement',
        file_required: 'Veuillez choisir un fichier.',
        description_required: 'Veuillez saisir une description.',
        title_required: 'Veuillez saisir un titre.',
        heading_required: 'Veuillez saisir un en-tête.',
        value_required: 'Veuillez saisir une valeur.',
        key_required: 'Veuillez saisir un libellé.',
        name_required: 'Veuillez saisir un nom.',
        text_required: 'Veuillez saisir un texte.',
      },
    },
  },
} satisfies Messages;

export default promotional;
