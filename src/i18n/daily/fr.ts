import type { Messages } from '../messages';

/** The app bar's search and the form machinery's extras (dependent selects, save and add another), Français: merged into fr.ts. */
const daily = {
  app: {
    confirm: {
      keep: 'Conserver',
      this_record: 'cet enregistrement',
      delete_title: 'Supprimer %{name} ?',
      block_title: 'Bloquer %{name} ?',
      unblock_title: 'Débloquer %{name} ?',
    },
    filter: {
      district: 'District',
      tehsil: 'Tehsil',
      blood_group: 'Groupe sanguin',
      doctor: 'Médecin',
      specialization: 'Spécialité',
      saved: 'Filtres enregistrés',
    },
    search: {
      open: 'Rechercher',
      placeholder: 'Patients, médecins, ASC, administrateurs, campagnes, formulaires',
      hint: 'Saisissez au moins deux caractères : un nom, un téléphone, un CNIC ou un titre.',
      no_results: 'Aucun résultat pour « %{q} ».',
      more: 'Tous les résultats dans %{list}',
      failed: 'La recherche a échoué. Veuillez réessayer.',
      results: 'Résultats de la recherche',
    },
    form: {
      choose_district_first: "Choisissez d'abord un district",
      choose_tehsil_first: "Choisissez d'abord un tehsil",
    },
    action: {
      save_and_add: 'Enregistrer et en ajouter un autre',
    },
    notification: {
      added_named: '%{name} ajouté.',
    },
  },
} satisfies Messages;

export default daily;
