import { Type } from '@sinclair/typebox';
import countriesData from 'i18n-iso-countries';
import type { ResourceName } from '../../../contract/resources';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { defineResource, type ReferencedBy, type ResourceDef } from '../http/resource';

/** The tables that are only a title. */
type TitledTable = 'qualifications' | 'specializations' | 'districts' | 'cities';

/** A resource that is only a title: qualifications, specializations, districts, cities. */
function titled(name: ResourceName, table: TitledTable, module: string, noun: string, referencedBy?: ReferencedBy[], district?: { column: 'id' }): ResourceDef {
  return defineResource<TitledTable>()({
    name,
    table,
    module,
    columns: ['title', 'created_at', 'updated_at'],
    createSchema: Type.Object({ title: Fields.title() }, { additionalProperties: false }),
    searchable: ['title'],
    sortable: ['title', 'created_at', 'id'],
    defaultSort: { field: 'title', order: 'asc' },
    referencedBy,
    district,
    choices: ['title'],
    uniqueTitle: {},
    sample: (n) => ({ title: `${noun} ${n}` }),
    invalidSamples: [{ title: '' }, { title: '   ' }, { title: 'x'.repeat(192) }, {}],
  });
}

/** The row of `table` with this id, when the id is a number. */
const byId = async (db: Kysely<Database>, table: 'districts' | 'tehsils', id: unknown) =>
  typeof id === 'number' ? db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst() : undefined;

/** What is placed in a district and a tehsil besides the places and CHWs: patients, the programme's work, facility centers. */
const PLACED = (column: 'district_id' | 'tehsil_id'): ReferencedBy[] => [
  { table: 'patient_profiles', column, noun: 'patient' },
  { table: 'campaigns', column, noun: 'campaign' },
  { table: 'tasks', column, noun: 'task' },
  { table: 'user_messages', column, noun: 'message' },
  { table: 'facility_centers', column, noun: 'facility_center' },
];

export const qualifications = titled('qualifications', 'qualifications', 'qualification', 'Qualification', [
  { table: 'chw_profiles', column: 'qualification_id', noun: 'chw' },
  { table: 'doctor_profiles', column: 'qualification_id', noun: 'doctor' },
]);
export const specializations = titled('specializations', 'specializations', 'specialization', 'Specialization', [
  { table: 'doctor_specializations', column: 'specialization_id', noun: 'doctor', by: 'doctors' },
]);
export const cities = titled('cities', 'cities', 'location', 'City', [{ table: 'users', column: 'city_id', noun: 'person' }]);
export const districts = titled(
  'districts',
  'districts',
  'location',
  'District',
  [
    { table: 'tehsils', column: 'district_id', noun: 'tehsil' },
    { table: 'areas', column: 'district_id', noun: 'vc_area' },
    { table: 'chw_profiles', column: 'district_id', noun: 'chw' },
    { table: 'admin_districts', column: 'district_id', noun: 'admin_limited', by: 'admins' },
    ...PLACED('district_id'),
  ],
  { column: 'id' },
);

export const tehsils = defineResource<'tehsils'>()({
  name: 'tehsils',
  table: 'tehsils',
  module: 'location',
  columns: ['title', 'district_id', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    { title: Fields.title(), district_id: Fields.reference('Please select a district.') },
    { additionalProperties: false },
  ),
  searchable: ['title'],
  sortable: ['title', 'district_id', 'district.title', 'created_at', 'id'],
  defaultSort: { field: 'title', order: 'asc' },
  filters: { district_id: 'integer' },
  belongsTo: [{ as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] }],
  choices: ['title', 'district_id'],
  referencedBy: [
    { table: 'areas', column: 'tehsil_id', noun: 'vc_area' },
    { table: 'chw_profiles', column: 'tehsil_id', noun: 'chw' },
    ...PLACED('tehsil_id'),
  ],
  district: { column: 'district_id' },
  uniqueTitle: { within: 'district_id' },
  hooks: {
    async prepare({ db }, input) {
      if (input.district_id !== undefined && !(await byId(db, 'districts', input.district_id))) {
        throw ValidationError.field('district_id', 'Please select a district.');
      }
      return input;
    },
  },
  sample: async (n, ref) => ({ title: `Tehsil ${n}`, district_id: (await ref('districts')).id }),
  invalidSamples: [{ title: 'No district' }, { title: 'Unknown district', district_id: 999999 }, { title: '', district_id: 'abc' }],
});

export const areas = defineResource<'areas'>()({
  name: 'areas',
  table: 'areas',
  module: 'location',
  columns: ['title', 'district_id', 'tehsil_id', 'lat', 'long', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    {
      district_id: Fields.reference('Please select a district.'),
      tehsil_id: Fields.reference('Please select a tehsil.'),
      title: Fields.title(),
      lat: Fields.number('Please provide a latitude.', -90, 90),
      long: Fields.number('Please provide a longitude.', -180, 180),
    },
    { additionalProperties: false },
  ),
  searchable: ['title'],
  sortable: ['title', 'lat', 'long', 'district.title', 'tehsil.title', 'created_at', 'id'],
  defaultSort: { field: 'title', order: 'asc' },
  filters: { district_id: 'integer', tehsil_id: 'integer' },
  belongsTo: [
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title', 'district_id'] },
  ],
  choices: ['title', 'district_id', 'tehsil_id'],
  referencedBy: [
    { table: 'chw_profiles', column: 'area_id', noun: 'chw' },
    { table: 'facility_centers', column: 'area_id', noun: 'facility_center' },
  ],
  district: { column: 'district_id' },
  uniqueTitle: { within: 'tehsil_id' },
  hooks: {
    async prepare({ db }, input, existing) {
      const districtId = input.district_id ?? existing?.district_id;
      const tehsilId = input.tehsil_id ?? existing?.tehsil_id;
      const errors: Record<string, string[]> = {};
      if (!(await byId(db, 'districts', districtId))) errors.district_id = ['Please select a district.'];
      const tehsil = typeof tehsilId === 'number' ? await db.selectFrom('tehsils').select(['id', 'district_id']).where('id', '=', tehsilId).executeTakeFirst() : undefined;
      if (!tehsil) errors.tehsil_id = ['Please select a tehsil.'];
      else if (tehsil.district_id !== districtId) errors.tehsil_id = ['The tehsil must belong to the chosen district.'];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return input;
    },
  },
  sample: async (n, ref) => {
    const tehsil = await ref('tehsils');
    return { title: `VC ${n}`, district_id: tehsil.district_id, tehsil_id: tehsil.id, lat: 31.5, long: 74.3 };
  },
  invalidSamples: [{ title: 'Missing numbers', district_id: 1, tehsil_id: 1 }, { title: 'Bad lat', district_id: 1, tehsil_id: 1, lat: 123, long: 10 }],
});

/** The two- and three-letter codes no ISO 3166 country has, listed once (17,576 candidates). */
let freeCodes: { two: string[]; three: string[] } | undefined;

/** The n-th pair of two- and three-letter codes that no ISO 3166 country has (for sample bodies). */
function freeCountryCodes(n: number): [string, string] {
  if (!freeCodes) {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const taken2 = new Set(Object.keys(countriesData.getAlpha2Codes()));
    const taken3 = new Set(Object.keys(countriesData.getAlpha3Codes()));
    freeCodes = {
      two: [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter((c) => !taken2.has(c)),
      three: [...letters].flatMap((a) => [...letters].flatMap((b) => [...letters].map((c) => a + b + c))).filter((c) => !taken3.has(c)),
    };
  }
  return [freeCodes.two[n % freeCodes.two.length]!, freeCodes.three[n % freeCodes.three.length]!];
}

export const countries = defineResource<'countries'>()({
  name: 'countries',
  table: 'countries',
  module: 'location',
  columns: ['country', 'iso2', 'iso3', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    {
      country: Fields.text('Please provide a country name.'),
      // the spec sends a country's name and iso3: an ISO 3166 iso3 gives its iso2 (prepare)
      iso2: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', 'x-message': 'Please provide a two-letter ISO code.' })),
      iso3: Type.String({ pattern: '^[A-Za-z]{3}$', 'x-message': 'Please provide a three-letter ISO code.' }),
    },
    { additionalProperties: false },
  ),
  searchable: ['country', 'iso3'],
  choices: ['country', 'iso2', 'iso3'],
  referencedBy: [{ table: 'users', column: 'country_id', noun: 'person' }],
  sortable: ['country', 'iso2', 'iso3', 'id'],
  defaultSort: { field: 'country', order: 'asc' },
  uniqueTitle: { column: 'country' },
  hooks: {
    async prepare({ db }, input, existing) {
      const values = { ...input };
      const errors: Record<string, string[]> = {};
      if (!existing && values.iso2 === undefined) {
        const iso2 = typeof values.iso3 === 'string' ? countriesData.alpha3ToAlpha2(values.iso3.toUpperCase()) : undefined;
        if (!iso2) throw ValidationError.field('iso2', 'Please provide a two-letter ISO code.');
        values.iso2 = iso2;
      }
      for (const key of ['iso2', 'iso3'] as const) {
        const code = values[key];
        if (typeof code !== 'string') continue;
        values[key] = code.toUpperCase();
        const clash = await db.selectFrom('countries').select('id').where(key, '=', code.toUpperCase()).executeTakeFirst();
        if (clash && clash.id !== existing?.id) errors[key] = [`The code ${code.toUpperCase()} is already used.`];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return values;
    },
  },
  // codes that ISO 3166 (the seeded list) does not use, so a sample never clashes with a stored country
  sample: (n) => {
    const [iso2, iso3] = freeCountryCodes(n);
    return { country: `Test Country ${n}`, iso2, iso3 };
  },
  invalidSamples: [{ country: 'Bad', iso2: 'X1', iso3: 'XXA' }, { country: '', iso2: 'XA', iso3: 'XXA' }],
});
