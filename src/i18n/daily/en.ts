import type { Messages } from '../messages';

/** The app bar's search and the form machinery's extras (dependent selects, save and add another), English: merged into en.ts. */
const daily = {
  app: {
    confirm: {
      keep: 'Keep it',
      this_record: 'this record',
      delete_title: 'Delete %{name}?',
      block_title: 'Block %{name}?',
      unblock_title: 'Unblock %{name}?',
    },
    filter: {
      district: 'District',
      tehsil: 'Tehsil',
      blood_group: 'Blood group',
      doctor: 'Doctor',
      specialization: 'Specialization',
      saved: 'Saved filters',
    },
    search: {
      open: 'Search',
      placeholder: 'Patients, doctors, CHWs, admins, campaigns, forms',
      hint: 'Type at least two characters: a name, a phone number, a CNIC or a title.',
      no_results: 'Nothing found for "%{q}".',
      more: 'All results in %{list}',
      failed: 'The search failed. Please try again.',
      results: 'Search results',
    },
    form: {
      choose_district_first: 'Choose a district first',
      choose_tehsil_first: 'Choose a tehsil first',
    },
    action: {
      save_and_add: 'Save and add another',
    },
    notification: {
      added_named: '%{name} added.',
    },
  },
} satisfies Messages;

export default daily;
