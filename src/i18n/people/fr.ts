import type { Messages } from '../messages';

/** Words the patient, family and CHW screens share, and the locations import (a module's own words are in src/resources/<name>/words/), Français: merged into fr.ts. */
const people = {
  app: {
    person: { age_from_dob: 'Calculé à partir de la date de naissance.', country_search: 'Tapez pour chercher le pays.' },
    account: { keep_password: 'Laissez vide pour garder le mot de passe actuel. Un nouveau mot de passe déconnecte la personne de l’application.' },
    auth: { reset_success_app: 'Votre mot de passe a été modifié. Connectez-vous à l’application avec le nouveau mot de passe.' },
    import: {
      menu: 'Importer des lieux',
      title: 'Importer des lieux',
      intro:
        'Ajoutez d’un coup de nombreux districts, tehsils et zones VC depuis un fichier CSV avec ces colonnes. Vérifiez d’abord le fichier : chaque ligne qui pose problème est listée avec son numéro, et rien n’est enregistré tant que tout le fichier n’est pas correct.',
      template: 'Télécharger un modèle',
      choose: 'Choisir un fichier CSV',
      no_file: 'Aucun fichier choisi',
      check: 'Vérifier',
      import: 'Importer',
      working: 'Traitement…',
      done: '%{districts} districts, %{tehsils} tehsils et %{areas} zones VC importés depuis %{rows} lignes.',
      ready: 'Les %{rows} lignes sont prêtes : %{districts} districts, %{tehsils} tehsils et %{areas} zones VC seront ajoutés.',
      problems: '1 ligne doit être corrigée avant tout import. |||| %{smart_count} lignes doivent être corrigées avant tout import.',
      problems_table: 'Lignes à corriger',
      line: 'Ligne',
      problem: 'Problème',
    },
    layout: { paths: { locations: 'Lieux', import: 'Import' } },
    validation: {
      age_required: 'Veuillez indiquer un âge.',
      relation_required: 'Veuillez choisir un lien de parenté.',
      qualification_required: 'Veuillez choisir une qualification',
      district_select: 'Veuillez sélectionner un district',
      tehsil_select: 'Veuillez sélectionner un tehsil',
      area_select: 'Veuillez choisir un VC',
    },
    marital_status: {
      Married: 'Marié(e)',
      Unmarried: 'Célibataire',
      Divorced: 'Divorcé(e)',
      Separated: 'Séparé(e)',
    },
    relation: {
      Father: 'Père',
      Mother: 'Mère',
      Wife: 'Épouse',
      Son: 'Fils',
      Daughter: 'Fille',
      Brother: 'Frère',
      Sister: 'Sœur',
    },
    filter: {
      all_districts: 'Tous les districts',
    },
  },
} satisfies Messages;

export default people;
