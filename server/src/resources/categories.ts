import { Type } from '@sinclair/typebox';
import type { Generated } from 'kysely';
import { Fields } from '../http/fields';
import { defineResource } from '../http/resource';

declare module '../db/schema' {
  interface Database {
    categories: { id: Generated<number>; title: string; file: string; created_by: number | null; created_at: string; updated_at: string };
  }
}

const PNG_DOT = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Categories of health literacy content (spec 3): a title and an image or audio file. Guarded by the CHW permissions, as the spec has it. */
export const categories = defineResource<'categories'>()({
  name: 'categories',
  table: 'categories',
  module: 'chw',
  columns: ['title', 'file', 'created_by', 'created_at', 'updated_at'],
  createSchema: Type.Object({ title: Fields.title() }, { additionalProperties: false }),
  files: {
    file: { kinds: ['jpg', 'png', 'mp3'], folder: 'categories', message: 'File format not supported. JPG/JPEG/PNG/MP3', requiredMessage: 'Please select a file.' },
  },
  searchable: ['title'],
  choices: ['title'],
  uniqueTitle: {},
  sortable: ['title', 'created_at', 'id'],
  defaultSort: { field: 'title', order: 'asc' },
  referencedBy: [{ table: 'health_literacy_contents', column: 'category_id', noun: 'health_literacy_item', by: 'health-literacy-content' }],
  sample: (n) => ({ title: `Category ${n}`, file: PNG_DOT }),
  invalidSamples: [{ title: '', file: PNG_DOT }],
});
