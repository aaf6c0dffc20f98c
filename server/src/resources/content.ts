import { Type } from '@sinclair/typebox';
import type { Generated } from 'kysely';
import { PAGE_KEYS, type PageKey } from '../../../contract/enums';
import { ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { PUBLIC, publicAnswers, sendCached } from '../http/publicRead';
import { defineResource } from '../http/resource';
import { hasText, sanitizeRichText } from '../services/richText';

declare module '../db/schema' {
  interface Database {
    pages: { id: Generated<number>; key: PageKey; value: string; created_by: number | null; created_at: string; updated_at: string };
    faqs: { id: Generated<number>; question: string; answer: string; created_by: number | null; created_at: string; updated_at: string };
  }
}


export const CONTENT_MESSAGES = {
  pageKey: 'Please select a type',
  pageValue: 'Please provide a Description',
  pageTaken: 'This page already exists: edit it instead.',
  question: 'Please provide a question',
  answer: 'Please provide a answer',
} as const;

/** Rich text as sent by the editor: up to 64 KB of HTML (the body limit is 1 MB). */
const richText = (message: string) => Fields.text(message, 65_535);

/**
 * Sanitises the rich-text fields of a body (services/richText.ts); text that says nothing once
 * sanitised (an empty editor, a lone script) is refused with the field's message.
 */
function cleanRichText<T extends Record<string, unknown>>(input: T, fields: Partial<Record<keyof T & string, string>>): T {
  const out: Record<string, unknown> = { ...input };
  const errors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(fields) as [string, string][]) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    const clean = sanitizeRichText(value);
    if (!hasText(clean)) errors[field] = [message];
    out[field] = clean;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out as T;
}

/** Pages (spec 3): the privacy policy and the terms, rich text. Guarded by the CHW permissions, as the spec has it. */
export const pages = defineResource<'pages'>()({
  name: 'pages',
  table: 'pages',
  // their own module (`*_page`), not the CHW permissions the observed console used
  module: 'page',
  columns: ['key', 'value', 'created_by', 'created_at', 'updated_at'],
  label: 'key',
  createSchema: Type.Object(
    { key: Fields.enumOf(PAGE_KEYS, CONTENT_MESSAGES.pageKey), value: richText(CONTENT_MESSAGES.pageValue) },
    { additionalProperties: false },
  ),
  searchable: ['value'],
  sortable: ['key', 'created_at', 'updated_at', 'id'],
  defaultSort: { field: 'key', order: 'asc' },
  filters: { key: 'string' },
  capacity: PAGE_KEYS.length,
  hooks: {
    async prepare({ db }, input, existing) {
      const values = cleanRichText(input, { value: CONTENT_MESSAGES.pageValue });
      if (values.key !== undefined && values.key !== existing?.key) {
        const taken = await db.selectFrom('pages').select('id').where('key', '=', values.key).executeTakeFirst();
        if (taken) throw ValidationError.field('key', CONTENT_MESSAGES.pageTaken);
      }
      return values;
    },
  },
  routes(app) {
    app.get(
      '/api/public/pages/:key',
      {
        config: PUBLIC,
        schema: {
          tags: ['public'], summary: 'A page (privacy_policy, terms) as sanitised HTML', params: Type.Object({ key: Type.String({ maxLength: 1000 }) }), security: [],
          response: publicAnswers({ type: 'object', required: ['key', 'value', 'updated_at'], properties: { key: { type: 'string' }, value: { type: 'string', description: 'sanitised HTML' }, updated_at: { type: 'string' } } }, 'The page.'),
        },
      },
      async (request, reply) => {
        const { key } = request.params as { key: string };
        const row = (PAGE_KEYS as readonly string[]).includes(key)
          ? await app.ctx.db.selectFrom('pages').select(['key', 'value', 'updated_at']).where('key', '=', key as PageKey).executeTakeFirst()
          : undefined;
        if (!row) return reply.status(404).send({ success: false, message: 'Not found.', error: null });
        return sendCached(request, reply, { ...row, value: sanitizeRichText(row.value) });
      },
    );
  },
  sample: (n) => ({ key: PAGE_KEYS[(n - 1) % PAGE_KEYS.length], value: `<p>Page <strong>${n}</strong></p>` }),
  invalidSamples: [
    { key: 'privacy_policy', value: '' },
    { key: 'about', value: '<p>About</p>' },
    { value: '<p>No key</p>' },
    { key: 'terms', value: '<p></p>' },
    { key: 'terms', value: '<script>alert(1)</script>' },
  ],
});

/**
 * FAQs (spec 3): a question and its rich-text answer. Guarded by their own module (`*_faq`), not the
 * CHW permissions the observed console used: a content editor needs no access to CHW records.
 */
export const faqs = defineResource<'faqs'>()({
  name: 'faqs',
  table: 'faqs',
  module: 'faq',
  columns: ['question', 'answer', 'created_by', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    { question: Fields.text(CONTENT_MESSAGES.question, 500), answer: richText(CONTENT_MESSAGES.answer) },
    { additionalProperties: false },
  ),
  searchable: ['question', 'answer'],
  sortable: ['question', 'created_at', 'id'],
  defaultSort: { field: 'id', order: 'asc' },
  hooks: {
    async prepare(_w, input) {
      return cleanRichText(input, { answer: CONTENT_MESSAGES.answer });
    },
  },
  routes(app) {
    app.get(
      '/api/public/faqs',
      {
        config: PUBLIC,
        schema: {
          tags: ['public'], summary: 'Every FAQ, in order, questions and answers as sanitised HTML', security: [],
          response: publicAnswers({ type: 'array', items: { type: 'object', required: ['id', 'question', 'answer', 'updated_at'], properties: { id: { type: 'string', description: 'encrypted id' }, question: { type: 'string' }, answer: { type: 'string' }, updated_at: { type: 'string' } } } }, 'Every FAQ.'),
        },
      },
      async (request, reply) => {
        const rows = await app.ctx.db.selectFrom('faqs').select(['id', 'question', 'answer', 'updated_at']).orderBy('id').limit(1000).execute();
        return sendCached(
          request,
          reply,
          // the question too goes out through the allowlist: the apps may show it as HTML, as they show the answer
          rows.map((r) => ({ id: app.ctx.ids.encode('faqs', r.id), question: sanitizeRichText(r.question), answer: sanitizeRichText(r.answer), updated_at: r.updated_at })),
        );
      },
    );
  },
  sample: (n) => ({ question: `Question ${n}?`, answer: `<p>Answer <em>${n}</em></p>` }),
  invalidSamples: [{ question: '', answer: '<p>A</p>' }, { question: 'Q?', answer: '' }, { question: 'Q?', answer: '<p><br></p>' }, { question: 'Q?' }],
});
