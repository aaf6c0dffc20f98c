import { Type } from '@sinclair/typebox';
import { ValidationError } from '../../http/errors';
import { Fields } from '../../http/fields';
import { defineResource, type Row } from '../../http/resource';
import { checkDates, PLACE, placeValues } from './place';
import './schema';

/**
 * Campaigns (spec 3): a title, a period (not before today, the end after the start), a district ›
 * tehsil, and an image or PDF. Tasks of type Campaign point at active ones. Admins limited to some
 * districts see and write only theirs.
 */

export const CAMPAIGN = {
  title: 'Please provide a title.',
  start: 'Please select a start date.',
  end: 'Please select an end date.',
  past: 'The date cannot be before today.',
  order: 'Select a date after the start date!',
  file: 'File format not supported. JPG/JPEG/PNG/PDF',
  fileRequired: 'Please select a file.',
};

const SAMPLE_PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const campaigns = defineResource<'campaigns'>()({
  name: 'campaigns',
  table: 'campaigns',
  module: 'campaign',
  columns: ['title', 'start_date', 'end_date', 'district_id', 'tehsil_id', 'file', 'status', 'created_by', 'created_at', 'updated_at'],
  label: 'title',
  createSchema: Type.Object(
    {
      title: Fields.title(CAMPAIGN.title),
      start_date: Fields.requiredDate(CAMPAIGN.start),
      end_date: Fields.requiredDate(CAMPAIGN.end),
      district_id: Fields.reference(PLACE.district),
      tehsil_id: Fields.reference(PLACE.tehsil),
    },
    { additionalProperties: false },
  ),
  files: { file: { kinds: ['jpg', 'png', 'pdf'], folder: 'campaigns', message: CAMPAIGN.file, requiredMessage: CAMPAIGN.fileRequired } },
  district: { column: 'district_id' },
  searchable: ['title'],
  choices: ['title', 'start_date', 'end_date'],
  sortable: ['title', 'start_date', 'end_date', 'status', 'created_at', 'id', 'district.title'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { district_id: 'integer', tehsil_id: 'integer' },
  dateRange: 'start_date',
  status: { kind: 'user' },
  belongsTo: [
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title'] },
  ],
  referencedBy: [{ table: 'tasks', column: 'campaign_id', noun: 'task', by: 'tasks' }],
  hooks: {
    async prepare(w, input, existing) {
      const errors: Record<string, string[]> = {};
      const values: Row = { ...(await placeValues(w.db, input, existing, errors)), ...checkDates(input, existing, { start: 'start_date', end: 'end_date' }, errors, CAMPAIGN, true) };
      if (Object.keys(errors).length) throw new ValidationError(errors);
      if (input.title !== undefined) values.title = input.title;
      return values;
    },
  },
  sample: async (n, ref) => {
    const tehsil = await ref('tehsils');
    return { title: `Polio drive ${n}`, start_date: day(1), end_date: day(8), district_id: tehsil.district_id, tehsil_id: tehsil.id, file: SAMPLE_PDF };
  },
  invalidSamples: [
    { title: 'Backwards', start_date: day(5), end_date: day(2), district_id: 1, tehsil_id: 1, file: SAMPLE_PDF },
    { title: 'Past', start_date: '2020-01-01', end_date: day(2), district_id: 1, tehsil_id: 1, file: SAMPLE_PDF },
    { title: 'No file', start_date: day(1), end_date: day(2), district_id: 1, tehsil_id: 1 },
    { title: 'Wrong file', start_date: day(1), end_date: day(2), district_id: 1, tehsil_id: 1, file: 'data:text/plain;base64,aGVsbG8=' },
  ],
});
