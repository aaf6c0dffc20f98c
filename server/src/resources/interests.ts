import { Type } from '@sinclair/typebox';
import type { Generated } from 'kysely';
import { Fields } from '../http/fields';
import { defineResource } from '../http/resource';

declare module '../db/schema' {
  interface Database {
    interests: { id: Generated<number>; title: string; created_by: number | null; created_at: string; updated_at: string };
  }
}

/** Interests (spec 3): what people care about; user messages target them. Guarded by the CHW permissions, as the spec has it. */
export const interests = defineResource<'interests'>()({
  name: 'interests',
  table: 'interests',
  module: 'chw',
  columns: ['title', 'created_by', 'created_at', 'updated_at'],
  createSchema: Type.Object({ title: Fields.title('Please enter interest') }, { additionalProperties: false }),
  searchable: ['title'],
  choices: ['title'],
  uniqueTitle: {},
  // patients who chose it, and messages aimed at it: refused with their counts
  referencedBy: [
    { table: 'patient_interests', column: 'interest_id', noun: 'patient', by: 'app-users' },
    { table: 'user_message_interests', column: 'interest_id', noun: 'message', by: 'user-messages' },
  ],
  sortable: ['title', 'created_at', 'id'],
  defaultSort: { field: 'title', order: 'asc' },
  sample: (n) => ({ title: `Interest ${n}` }),
  invalidSamples: [{ title: '' }, { title: 'x'.repeat(192) }],
});
