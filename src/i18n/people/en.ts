import type { Messages } from '../messages';

/** Words the patient, family and CHW screens share, and the locations import (a module's own words are in src/resources/<name>/words/), in English: merged into en.ts. */
const people = {
  app: {
    person: { age_from_dob: 'Counted from the date of birth.', country_search: 'Type to search the countries.' },
    account: { keep_password: 'Leave empty to keep the current password. A new password signs the person out of the app.' },
    import: {
      menu: 'Import locations',
      title: 'Import locations',
      intro:
        'Add many districts, tehsils and VC areas at once from a CSV file with these columns. Check the file first: every row with a problem is listed with its line, and nothing is written until the whole file is right.',
      template: 'Download a template',
      choose: 'Choose CSV file',
      no_file: 'No file chosen',
      check: 'Check',
      import: 'Import',
      working: 'Working…',
      done: 'Imported %{districts} districts, %{tehsils} tehsils and %{areas} VC areas from %{rows} rows.',
      ready: 'All %{rows} rows are ready: %{districts} districts, %{tehsils} tehsils and %{areas} VC areas will be added.',
      problems: '1 row needs fixing before anything is imported. |||| %{smart_count} rows need fixing before anything is imported.',
      problems_table: 'Rows to fix',
      line: 'Line',
      problem: 'Problem',
    },
    layout: { paths: { locations: 'Locations', import: 'Import' } },
    validation: {
      age_required: 'Please provide an age.',
      relation_required: 'Please select a relation.',
      qualification_required: 'Please select a qualification',
      district_select: 'Please select a district',
      tehsil_select: 'Please select a tehsil',
      area_select: 'Please select a VC',
    },
    marital_status: {
      Married: 'Married',
      Unmarried: 'Unmarried',
      Divorced: 'Divorced',
      Separated: 'Separated',
    },
    relation: {
      Father: 'Father',
      Mother: 'Mother',
      Wife: 'Wife',
      Son: 'Son',
      Daughter: 'Daughter',
      Brother: 'Brother',
      Sister: 'Sister',
    },
    filter: { all_districts: 'All districts' },
  },
} satisfies Messages;

export default people;
