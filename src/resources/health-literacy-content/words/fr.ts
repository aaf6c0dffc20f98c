import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The health-literacy-content module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'health-literacy-content': {
      name: 'Contenu d’éducation à la santé |||| Contenus d’éducation à la santé',
      fields: {
        title: 'Titre',
        type: 'Type',
        category_id: 'Catégorie',
        desc: 'Description',
        tags: 'Mots-clés',
        file: 'Fichier',
        thumbnail: 'Miniature',
        status: 'Statut',
        created_at: 'Date de création',
      },
      action: { create: 'Ajouter un contenu' },
      page: {
        list: 'Éducation à la santé',
        create: 'Ajouter un contenu d’éducation à la santé',
        edit: 'Modifier le contenu d’éducation à la santé',
        show: 'Contenu d’éducation à la santé',
      },
      types: {
        image: 'Image',
        pdf: 'PDF',
        video: 'Vidéo',
      },
      tags_help: 'Séparez les mots-clés par des virgules ; Entrée ou une virgule les ajoute.',
      tags_added: 'Mots-clés ajoutés',
      remove_tag: 'Retirer le mot-clé %{tag}',
      open_pdf: 'Ouvrir le PDF dans un nouvel onglet',
      validation: {
        type_required: 'Veuillez choisir un type.',
        category_required: 'Veuillez choisir une catégorie.',
        title_required: 'Veuillez indiquer un titre.',
        desc_required: 'Veuillez indiquer une description.',
        tags_required: 'Veuillez indiquer au moins un mot-clé.',
        file_required: 'Veuillez choisir un fichier.',
        thumbnail_required: 'Veuillez choisir une miniature.',
        format_image: 'Format de fichier non pris en charge. JPG/JPEG/PNG',
        format_pdf: 'Format de fichier non pris en charge. PDF',
        format_video: 'Format de fichier non pris en charge. Vidéo',
        format_any: 'Format de fichier non pris en charge. JPG/JPEG/PNG/MP4/PDF',
      },
    },
  },
} satisfies Translation<typeof en>;
