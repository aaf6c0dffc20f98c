import { Type } from '@sinclair/typebox';
import type { ResourceName } from '../../../contract/resources';
import type { TableName } from '../db/schema';
import { conflict, ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import type { AnyDb, ResourceDef, Row } from '../http/resource';

/** A resource that is only a title: qualifications, specializations, districts, cities. */
function titled(name: ResourceName, table: TableName, module: string, noun: string, extra: Partial<ResourceDef> = {}): ResourceDef {
  return {
    name,
    table,
    module,
    columns: ['title', 'created_at', 'updated_at'],
    createSchema: Type.Object({ title: Fields.title() }, { additionalProperties: false }),
    searchable: ['title'],
    sortable: ['title', 'created_at', 'id'],
    defaultSort: { field: 'title', order: 'asc' },
    sample: (n) => ({ title: `${noun} ${n}` }),
    invalidSamples: [{ title: '' }, { title: '   ' }, { title: 'x'.repeat(192) }, {}],
    ...extra,
  };
}

const countOf = async (db: AnyDb, table: TableName, column: string, id: number): Promise<number> => {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', id).executeTakeFirst();
  return Number(row?.n ?? 0);
};

const exists = async (db: AnyDb, table: TableName, id: unknown): Promise<Row | undefined> =>
  typeof id === 'number' ? ((await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined) : undefined;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const qualifications = titled('qualifications', 'qualifications', 'qualification', 'Qualification');
export const specializations = titled('specializations', 'specializations', 'specialization', 'Specialization');
export const cities = titled('cities', 'cities', 'location', 'City');

export const districts = titled('districts', 'districts', 'location', 'District', {
  hooks: {
    async beforeDelete({ db }, row) {
      const [tehsils, areas] = await Promise.all([countOf(db, 'tehsils', 'district_id', row.id), countOf(db, 'areas', 'district_id', row.id)]);
      if (tehsils || areas) {
        const uses = [tehsils && plural(tehsils, 'tehsil'), areas && plural(areas, 'VC area')].filter(Boolean).join(' and ');
        throw conflict(`The district "${row.title}" is still used by ${uses}. Delete or move them first.`);
      }
    },
  },
});

export const tehsils: ResourceDef = {
  name: 'tehsils',
  table: 'tehsils',
  module: 'location',
  columns: ['title', 'district_id', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    { title: Fields.title(), district_id: Fields.reference('Please select a district.') },
    { additionalProperties: false },
  ),
  searchable: ['title'],
  sortable: ['title', 'district_id', 'created_at', 'id'],
  defaultSort: { field: 'title', order: 'asc' },
  filters: { district_id: 'integer' },
  belongsTo: [{ as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] }],
  hooks: {
    async prepare({ db }, input) {
      if (input.district_id !== undefined && !(await exists(db, 'districts', input.district_id))) {
        throw ValidationError.field('district_id', 'Please select a district.');
      }
      return input;
    },
    async beforeDelete({ db }, row) {
      const areas = await countOf(db, 'areas', 'tehsil_id', row.id);
      if (areas) throw conflict(`The tehsil "${row.title}" is still used by ${plural(areas, 'VC area')}. Delete or move them first.`);
    },
  },
  sample: async (n, ref) => ({ title: `Tehsil ${n}`, district_id: (await ref('districts')).id }),
  invalidSamples: [{ title: 'No district' }, { title: 'Unknown district', district_id: 999999 }, { title: '', district_id: 'abc' }],
};

export const areas: ResourceDef = {
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
  sortable: ['title', 'lat', 'long', 'created_at', 'id'],
  defaultSort: { field: 'title', order: 'asc' },
  filters: { district_id: 'integer', tehsil_id: 'integer' },
  belongsTo: [
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title', 'district_id'] },
  ],
  hooks: {
    async prepare({ db }, input, existing) {
      const districtId = input.district_id ?? existing?.district_id;
      const tehsilId = input.tehsil_id ?? existing?.tehsil_id;
      const errors: Record<string, string[]> = {};
      if (!(await exists(db, 'districts', districtId))) errors.district_id = ['Please select a district.'];
      const tehsil = await exists(db, 'tehsils', tehsilId);
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
};

export const countries: ResourceDef = {
  name: 'countries',
  table: 'countries',
  module: 'location',
  columns: ['country', 'iso2', 'iso3', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    {
      country: Fields.text('Please provide a country name.'),
      iso2: Type.String({ pattern: '^[A-Za-z]{2}$', 'x-message': 'Please provide a two-letter ISO code.' }),
      iso3: Type.String({ pattern: '^[A-Za-z]{3}$', 'x-message': 'Please provide a three-letter ISO code.' }),
    },
    { additionalProperties: false },
  ),
  searchable: ['country', 'iso3'],
  sortable: ['country', 'iso2', 'iso3', 'id'],
  defaultSort: { field: 'country', order: 'asc' },
  hooks: {
    async prepare({ db }, input, existing) {
      const values = { ...input };
      const errors: Record<string, string[]> = {};
      for (const key of ['iso2', 'iso3'] as const) {
        if (typeof values[key] !== 'string') continue;
        values[key] = values[key].toUpperCase();
        const clash = await db.selectFrom('countries').select('id').where(key, '=', values[key]).executeTakeFirst();
        if (clash && clash.id !== existing?.id) errors[key] = [`The code ${values[key]} is already used.`];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return values;
    },
  },
  // codes in the user-assigned ranges (AA, QM..QZ, XA..XZ, ZZ) never clash with the seeded ISO list,
  // except XK (Kosovo), which the ISO list carries: K is left out
  sample: (n) => {
    const letter = 'ABCDEFGHIJLMNOPQRSTUVWXYZ'[n % 25];
    return { country: `Test Country ${n}`, iso2: `X${letter}`, iso3: `XX${letter}` };
  },
  invalidSamples: [{ country: 'Bad', iso2: 'X1', iso3: 'XXA' }, { country: '', iso2: 'XA', iso3: 'XXA' }],
};
