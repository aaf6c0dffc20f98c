import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The user-messages module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'user-messages': {
      name: 'Message aux utilisateurs |||| Messages aux utilisateurs',
      fields: {
        type: 'Type',
        title: 'Titre',
        survey_id: 'Formulaire d’enquête',
        knowledge_id: 'Connaissance',
        text: 'Texte',
        interest_ids: 'Centres d’intérêt',
        from_age: 'Âge minimum',
        to_age: 'Âge maximum',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        total_users: 'Nombre total d’utilisateurs',
        status: 'Statut',
        created_at: 'Date d’envoi',
        full_name: 'Nom',
        is_view: 'Vu',
        recipient_status: 'Statut',
        submitted_date: 'Date de réponse',
      },
      types: { Survey: 'Enquête', Booking: 'Réservation', Knowledge: 'Connaissance', General: 'Général' },
      recipient_statuses: { Pending: 'En attente', Submitted: 'Répondu' },
      viewed: { yes: 'Vu', no: 'Non vu' },
      action: { create: 'Ajouter un message aux utilisateurs' },
      page: {
        list: 'Messages aux utilisateurs',
        create: 'Ajouter un message aux utilisateurs',
        edit: 'Modifier le message aux utilisateurs',
        show: 'Message aux utilisateurs',
      },
      recipients: 'Destinataires',
      recipients_count: '%{smart_count} destinataire |||| %{smart_count} destinataires',
      no_recipients: 'Aucun patient ne correspond encore à ce message.',
      ages: 'De %{from} à %{to} ans',
      all_ages: 'Tous âges',
      age_hint: 'Laissez les deux âges vides pour toucher tous les âges.',
      validation: {
        type_required: 'Veuillez sélectionner un type',
        survey_required: 'Veuillez sélectionner un formulaire',
        knowledge_required: 'Veuillez sélectionner un contenu de connaissance',
        text_required: 'Veuillez saisir un texte',
        interest_required: 'Veuillez sélectionner un centre d’intérêt',
        title_required: 'Veuillez saisir un titre',
        from_age_required: 'Veuillez sélectionner l’âge minimum',
        to_age_required: 'Veuillez sélectionner l’âge maximum',
        age_order: 'L’âge maximum ne peut pas être inférieur à l’âge minimum.',
      },
    },
  },
} satisfies Translation<typeof en>;
