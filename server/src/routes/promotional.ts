import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Generated } from 'kysely';
import type { AppContext } from '../context';
import { likeMatches } from '../db/search';
import { requireAdmin } from '../http/auth';
import { uploadRoute } from '../http/bodyLimits';
import { ok, MESSAGES } from '../http/envelope';
import { notFound } from '../http/errors';
import { Fields } from '../http/fields';
import { discardFiles, FILE_TYPES, type FileForm, fileSchema, holdFiles, storeFiles } from '../http/files';
import { first } from '../http/list';
import { PUBLIC, publicAnswers, sendCached } from '../http/publicRead';
import { answers, oneOfTypes, refusal } from '../http/responses';
import type { FileSpec } from '../http/resource';
import { audit, diff } from '../services/audit';
import { releaseRecord } from '../services/storedFiles';
import { now } from '../services/tokens';
import { type MediaKind, MIME_TYPES } from '../services/uploads';

declare module '../db/schema' {
  interface Database {
    promotional_sections: { id: Generated<number>; section: string; content: string; updated_by: number | null; created_at: string; updated_at: string };
    promotional_sliders: { id: Generated<number>; file: string; created_by: number | null; created_at: string; updated_at: string };
    promotional_testimonials: { id: Generated<number>; name: string; text: string; created_by: number | null; created_at: string; updated_at: string };
  }
}

/** The spec's texts (spec 1 section 5). */
export const PROMOTIONAL_MESSAGES = {
  imageFormat: 'File format not supported. JPG/JPEG/PNG',
  videoFormat: 'File format not supported. MP4 Only',
  file: 'Please select a file.',
  description: 'Please provide a description.',
  title: 'Please provide a title.',
  heading: 'Please provide a heading.',
  value: 'Please provide a value.',
  key: 'Please provide a key.',
  name: 'Please provide a Name.',
  text: 'Please provide a text.',
} as const;

const M = PROMOTIONAL_MESSAGES;
const FOLDER = 'promotional';
const IMAGE_BYTES = 5 * 1024 * 1024;
/** the how-it-works video: a multipart or data-URL body holds it in memory, a chunked upload does not */
export const VIDEO_BYTES = 100 * 1024 * 1024;

const image = (required: boolean): FileSpec => ({
  kinds: ['jpg', 'png'],
  folder: FOLDER,
  // a chunked upload's path only from the landing site's own folder (uploading there needs the setting permissions)
  uploads: [FOLDER],
  message: M.imageFormat,
  maxBytes: IMAGE_BYTES,
  ...(required ? { requiredMessage: M.file } : {}),
});
const video: FileSpec = { kinds: ['mp4'], folder: FOLDER, uploads: [FOLDER], message: M.videoFormat, requiredMessage: M.file, maxBytes: VIDEO_BYTES };

export const ABOUT_BOXES = [1, 2, 3, 4] as const;

/**
 * One singleton section of the landing site: its text fields (all required, each with the spec's
 * message) and its files (required until the section has one; left out of a later store, kept).
 */
interface Section {
  key: 'logo' | 'banner' | 'about' | 'how_it_works';
  path: string;
  summary: string;
  fields: Record<string, TSchema>;
  files: Record<string, FileSpec>;
}

const aboutFields: Record<string, TSchema> = {
  title: Fields.text(M.title, 191),
  heading: Fields.text(M.heading, 191),
  desc: Fields.text(M.description, 2000),
};
const aboutFiles: Record<string, FileSpec> = {};
for (const n of ABOUT_BOXES) {
  aboutFields[`box_${n}_title`] = Fields.text(M.title, 191);
  aboutFields[`box_${n}_desc`] = Fields.text(M.description, 1000);
  aboutFields[`box_analytic_${n}_value`] = Fields.text(M.value, 50);
  aboutFields[`box_analytic_${n}_key`] = Fields.text(M.key, 100);
  aboutFiles[`box_${n}_file`] = image(true);
}

export const SECTIONS: readonly Section[] = [
  { key: 'logo', path: 'logo', summary: 'The site logo (JPG or PNG)', fields: {}, files: { file: image(true) } },
  {
    key: 'banner',
    path: 'banner',
    summary: 'The banner: a description and background, center and person images',
    fields: { desc: Fields.text(M.description, 2000) },
    files: { background_image: image(true), center_image: image(true), person_image: image(true) },
  },
  {
    key: 'about',
    path: 'about',
    summary: 'About: title, heading, description, four boxes (title, description, image) and four analytics (value, key)',
    fields: aboutFields,
    files: aboutFiles,
  },
  {
    key: 'how_it_works',
    path: 'how-it-works',
    summary: 'How it works: title, description and an MP4 video (multipart, data URL, or the /storage path of a chunked upload)',
    fields: { title: Fields.text(M.title, 191), desc: Fields.text(M.description, 2000) },
    files: { video },
  },
];

const sliderFiles = { file: image(true) };

/** The landing site's file fields, and the permissions that write them: who may upload into its folder. */
export const PROMOTIONAL_FILES: FileForm = {
  specs: [...SECTIONS.flatMap((section) => Object.values(section.files)), sliderFiles.file],
  permissions: ['edit_setting', 'create_setting'],
};

type Content = Record<string, string | null>;

/** A stored path as the API shows it (`{ path, type, mimeType }`), as the other file fields are shown. */
function presentFile(ctx: AppContext, path: string | null | undefined) {
  if (!path) return null;
  const ext = path.slice(path.lastIndexOf('.') + 1) as MediaKind;
  return { path: ctx.storage.url(path)!, type: FILE_TYPES[ext] ?? 'file', mimeType: MIME_TYPES[ext] ?? 'application/octet-stream' };
}

function presentSection(ctx: AppContext, section: Section, content: Content | null) {
  if (!content) return null;
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(section.fields)) out[field] = content[field] ?? null;
  for (const field of Object.keys(section.files)) out[field] = presentFile(ctx, content[field]);
  return { ...out, ...specNames(section.key, out) };
}

/**
 * The same values under the names the spec reads them by (spec 1 §3), beside the store names: the
 * logo's `path`, the banner's `background`/`center`/`person`, the how-it-works video's `file`, the about boxes as objects
 * (`box_1: { title, desc, file }`, `box_analytic_1: { value, key }`).
 */
function specNames(key: Section['key'], out: Record<string, unknown>): Record<string, unknown> {
  if (key === 'logo') return { path: (out.file as { path: string } | null)?.path ?? null };
  if (key === 'banner') return { background: out.background_image, center: out.center_image, person: out.person_image };
  // the spec loads the video "with file.path"
  if (key === 'how_it_works') return { file: out.video };
  if (key !== 'about') return {};
  return Object.fromEntries(
    ABOUT_BOXES.flatMap((n) => [
      [`box_${n}`, { title: out[`box_${n}_title`], desc: out[`box_${n}_desc`], file: out[`box_${n}_file`] }],
      [`box_analytic_${n}`, { value: out[`box_analytic_${n}_value`], key: out[`box_analytic_${n}_key`] }],
    ]),
  );
}

const parse = (text: string | undefined): Content | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Content) : null;
  } catch {
    return null;
  }
};

type Db = AppContext['db'];

async function loadSections(db: Db): Promise<Map<string, Content>> {
  const rows = await db.selectFrom('promotional_sections').select(['section', 'content']).execute();
  const out = new Map<string, Content>();
  for (const row of rows) {
    const content = parse(row.content);
    if (content) out.set(row.section, content);
  }
  return out;
}

const sliderJson = (ctx: AppContext, r: { id: number; file: string; created_at: string }) => {
  const file = presentFile(ctx, r.file);
  return { id: ctx.ids.encode('promotional-sliders', r.id), encrypted_id: ctx.ids.encode('promotional-sliders', r.id), file_type: file?.type ?? 'image', path: file?.path ?? null, file, created_at: r.created_at };
};
const testimonialJson = (ctx: AppContext, r: { id: number; name: string; text: string; created_at: string }) => ({
  id: ctx.ids.encode('promotional-testimonials', r.id),
  encrypted_id: ctx.ids.encode('promotional-testimonials', r.id),
  name: r.name,
  text: r.text,
  created_at: r.created_at,
});

/** how many sliders and testimonials a list holds at most (a landing page shows a handful) */
const LIST_LIMIT = 200;

async function sliders(ctx: AppContext) {
  const rows = await ctx.db.selectFrom('promotional_sliders').select(['id', 'file', 'created_at']).orderBy('id', 'desc').limit(LIST_LIMIT).execute();
  return rows.map((r) => sliderJson(ctx, r));
}
async function testimonials(ctx: AppContext, search = '') {
  let q = ctx.db.selectFrom('promotional_testimonials').select(['id', 'name', 'text', 'created_at']);
  if (search) q = q.where(likeMatches(ctx.dialect, ['name', 'text'], search));
  const rows = await q.orderBy('id', 'desc').limit(LIST_LIMIT).execute();
  return rows.map((r) => testimonialJson(ctx, r));
}

/** Everything the Promotional screen and the landing site show, in one answer. */
async function everything(ctx: AppContext) {
  const sections = await loadSections(ctx.db);
  const out: Record<string, unknown> = {};
  for (const section of SECTIONS) out[section.key] = presentSection(ctx, section, sections.get(section.key) ?? null);
  out.sliders = await sliders(ctx);
  out.testimonials = await testimonials(ctx);
  return out;
}

const tags = ['promotional'];

/* ---------- what the routes answer ---------- */
/** A stored file as the landing site's content presents it (`presentFile`). */
const PROMO_FILE = Type.Unsafe({ type: ['object', 'null'], required: ['path', 'type', 'mimeType'], properties: { path: { type: 'string' }, type: { type: 'string' }, mimeType: { type: 'string' } } });
const TEXT_OR_NULL = oneOfTypes('string', 'null');
/** A section as `presentSection` answers it: its text fields, its files, and the spec's names of them (`specNames`). */
function sectionSchema(section: Section) {
  const props: Record<string, TSchema> = {};
  for (const field of Object.keys(section.fields)) props[field] = TEXT_OR_NULL;
  for (const field of Object.keys(section.files)) props[field] = PROMO_FILE;
  if (section.key === 'logo') props.path = TEXT_OR_NULL;
  if (section.key === 'banner') Object.assign(props, { background: PROMO_FILE, center: PROMO_FILE, person: PROMO_FILE });
  if (section.key === 'how_it_works') props.file = PROMO_FILE;
  if (section.key === 'about') {
    for (const n of ABOUT_BOXES) {
      props[`box_${n}`] = Type.Object({ title: TEXT_OR_NULL, desc: TEXT_OR_NULL, file: PROMO_FILE });
      props[`box_analytic_${n}`] = Type.Object({ value: TEXT_OR_NULL, key: TEXT_OR_NULL });
    }
  }
  return Type.Unsafe({ ...Type.Object(props), type: ['object', 'null'], description: `the ${section.key} section (null until first stored)` });
}
const SLIDER = Type.Object({ id: Type.String(), encrypted_id: Type.String(), file_type: Type.String(), path: TEXT_OR_NULL, file: PROMO_FILE, created_at: Type.String() });
const TESTIMONIAL = Type.Object({ id: Type.String(), encrypted_id: Type.String(), name: Type.String(), text: Type.String(), created_at: Type.String() });
/** Everything the Promotional screen and the landing site show. */
const EVERYTHING = Type.Object({
  ...Object.fromEntries(SECTIONS.map((section) => [section.key, sectionSchema(section)])),
  sliders: Type.Array(SLIDER),
  testimonials: Type.Array(TESTIMONIAL),
});
const REMOVED = Type.Object({ id: Type.String({ description: 'the encrypted id removed' }) });
const Id = Type.Object({ id: Type.String({ maxLength: 100 }) });
const access = (permission: string) => ({ access: { permission } });
const searchOf = (request: FastifyRequest) => (first((request.query as Record<string, unknown>).search) ?? '').trim().slice(0, 200);

/**
 * Promotional content (spec 1 sections 2.7 and 7) under /api/admin/promotional, guarded by the
 * setting permissions: view_setting reads, edit_setting stores the four sections, create_setting adds
 * sliders and testimonials, delete_setting removes them. Every store is one transaction with its
 * audit row; a file it replaced is removed once the write committed, and files it stored are removed
 * again when it fails. GET /api/public/promotional gives the landing site the same content without a
 * token, cached with an ETag.
 */
export function registerPromotionalRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const { db } = ctx;
  const removeFiles = (paths: string[]) => Promise.all(paths.map((p) => ctx.storage.remove(p)));

  app.get('/api/admin/promotional', { config: access('view_setting'), schema: { tags, summary: 'Logo, banner, about, how it works, sliders and testimonials in one answer', response: answers(EVERYTHING, 'The promotional content.') } }, async () =>
    ok(await everything(ctx)),
  );
  app.get('/api/public/promotional', { config: PUBLIC, schema: { tags: ['public'], summary: 'What the landing site shows: the promotional content', security: [], response: publicAnswers(EVERYTHING, 'The promotional content.') } }, async (request, reply) =>
    sendCached(request, reply, await everything(ctx)),
  );

  for (const section of SECTIONS) {
    const schemaFiles = Object.fromEntries(Object.entries(section.files).map(([field, spec]) => [field, Type.Optional(fileSchema(spec))]));
    const body: TObject = Type.Object({ ...section.fields, ...schemaFiles }, { additionalProperties: false });
    const largest = Math.max(...Object.values(section.files).map((s) => s.maxBytes ?? IMAGE_BYTES));
    // the section's store, and the spec's `PUT /promotional/{id}` with the section as the id
    const store = async (request: FastifyRequest) => {
      const admin = requireAdmin(request);
      const input = request.body as Record<string, unknown>;
      const stored = (await loadSections(db)).get(section.key) ?? null;
      const files = await storeFiles(ctx, { files: section.files }, input, stored, admin.id);
      let replaced: string[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('promotional_sections').select(['id', 'content']).where('section', '=', section.key).executeTakeFirst();
          const before = parse(row?.content);
          const content: Content = {};
          for (const field of Object.keys(section.fields)) content[field] = String(input[field]);
          for (const field of Object.keys(section.files)) content[field] = (field in files.values ? (files.values[field] as string | null) : before?.[field]) ?? null;
          const stamp = now();
          const json = JSON.stringify(content);
          const written = await trx
            .insertInto('promotional_sections')
            .values({ section: section.key, content: json, updated_by: admin.id, created_at: stamp, updated_at: stamp })
            .onConflict((oc) => oc.column('section').doUpdateSet({ content: json, updated_by: admin.id, updated_at: stamp }))
            .returning('id')
            .executeTakeFirstOrThrow();
          replaced = await holdFiles(ctx, trx, 'promotional_sections', Number(written.id), files, before, admin.id);
          await audit(trx, {
            actorId: admin.id, action: before ? 'update' : 'create', resource: `promotional.${section.key}`, recordId: Number(written.id),
            changes: diff(before, content), ip: request.ip, requestId: request.id,
          });
        });
      } catch (err) {
        await discardFiles(ctx, files);
        throw err;
      }
      await removeFiles(replaced);
      const current = (await loadSections(db)).get(section.key) ?? null;
      return ok(presentSection(ctx, section, current), MESSAGES.updated);
    };
    const options = {
      ...uploadRoute({ fileBytes: largest, files: Object.keys(section.files).length }, access('edit_setting')),
      schema: { tags, summary: section.summary, body, consumes: ['application/json', 'multipart/form-data'], response: answers(sectionSchema(section), 'The section as stored.') },
    };
    app.post(`/api/admin/promotional/${section.path}/store`, options, store);
    app.put(`/api/admin/promotional/${section.path}`, options, store);
  }
  // the spec's `PUT /promotional/{id}` does not say what the id is: a section's own path (logo, banner, about, how-it-works)
  app.put('/api/admin/promotional/:id', { config: access('edit_setting'), schema: { tags, summary: `Saves a section: PUT /promotional/{${SECTIONS.map((s) => s.path).join('|')}}`, description: 'Always 404: each section has a route of its own, with its body.', params: Id, response: { 404: refusal(404) } } }, async () => {
    throw notFound();
  });

  /* ---------- sliders ---------- */
  app.get('/api/admin/promotional/slider', { config: access('view_setting'), schema: { tags, summary: 'The slider files, newest first', response: answers(Type.Array(SLIDER), 'The sliders.') } }, async () => ok(await sliders(ctx)));
  app.post(
    '/api/admin/promotional/slider/store',
    {
      ...uploadRoute({ fileBytes: IMAGE_BYTES, files: 1 }, access('create_setting')),
      schema: { tags, summary: 'Adds a slider image (JPG or PNG)', body: Type.Object({ file: fileSchema(sliderFiles.file) }, { additionalProperties: false }), consumes: ['application/json', 'multipart/form-data'], response: answers(SLIDER, 'The slider added.') },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const files = await storeFiles(ctx, { files: sliderFiles }, request.body as Record<string, unknown>, null, admin.id);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const stamp = now();
          const values = { file: files.values.file as string, created_by: admin.id, created_at: stamp, updated_at: stamp };
          const inserted = await trx.insertInto('promotional_sliders').values(values).returning('id').executeTakeFirstOrThrow();
          const id = Number(inserted.id);
          await holdFiles(ctx, trx, 'promotional_sliders', id, files, null, admin.id);
          await audit(trx, { actorId: admin.id, action: 'create', resource: 'promotional.slider', recordId: id, changes: { file: values.file }, ip: request.ip, requestId: request.id });
          return { id, file: values.file, created_at: stamp };
        });
        return ok(sliderJson(ctx, row), MESSAGES.created);
      } catch (err) {
        await discardFiles(ctx, files);
        throw err;
      }
    },
  );
  app.delete('/api/admin/promotional/slider/:id', { config: access('delete_setting'), schema: { tags, summary: 'Removes a slider image', params: Id, response: answers(REMOVED, 'Removed.') } }, async (request) => {
    const admin = requireAdmin(request);
    const id = ctx.ids.decode('promotional-sliders', (request.params as { id: string }).id);
    if (id === null) throw notFound();
    const unheld = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('promotional_sliders').select(['id', 'file']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      await trx.deleteFrom('promotional_sliders').where('id', '=', id).execute();
      await audit(trx, { actorId: admin.id, action: 'delete', resource: 'promotional.slider', recordId: id, changes: { file: row.file }, ip: request.ip, requestId: request.id });
      // its file, unless another record holds it too
      return releaseRecord(trx, 'promotional_sliders', id);
    });
    await removeFiles(unheld);
    return ok({ id: (request.params as { id: string }).id }, MESSAGES.deleted);
  });

  /* ---------- testimonials ---------- */
  const TestimonialBody = Type.Object({ name: Fields.text(M.name, 191), text: Fields.text(M.text, 2000) }, { additionalProperties: false });
  app.get(
    '/api/admin/promotional/testimonial',
    { config: access('view_setting'), schema: { tags, summary: 'The testimonials, newest first; search in name and text', querystring: Type.Object({ search: Type.Optional(Type.String({ maxLength: 1000 })) }), response: answers(Type.Array(TESTIMONIAL), 'The testimonials.') } },
    async (request) => ok(await testimonials(ctx, searchOf(request))),
  );
  app.post('/api/admin/promotional/testimonial/store', { config: access('create_setting'), schema: { tags, summary: 'Adds a testimonial (name and text)', body: TestimonialBody, response: answers(TESTIMONIAL, 'The testimonial added.') } }, async (request) => {
    const admin = requireAdmin(request);
    const { name, text } = request.body as { name: string; text: string };
    const row = await db.transaction().execute(async (trx) => {
      const stamp = now();
      const inserted = await trx.insertInto('promotional_testimonials').values({ name, text, created_by: admin.id, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await audit(trx, { actorId: admin.id, action: 'create', resource: 'promotional.testimonial', recordId: id, changes: { name, text }, ip: request.ip, requestId: request.id });
      return { id, name, text, created_at: stamp };
    });
    return ok(testimonialJson(ctx, row), MESSAGES.created);
  });
  app.delete('/api/admin/promotional/testimonial/:id', { config: access('delete_setting'), schema: { tags, summary: 'Removes a testimonial', params: Id, response: answers(REMOVED, 'Removed.') } }, async (request) => {
    const admin = requireAdmin(request);
    const id = ctx.ids.decode('promotional-testimonials', (request.params as { id: string }).id);
    if (id === null) throw notFound();
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('promotional_testimonials').select(['id', 'name', 'text']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      await trx.deleteFrom('promotional_testimonials').where('id', '=', id).execute();
      await audit(trx, { actorId: admin.id, action: 'delete', resource: 'promotional.testimonial', recordId: id, changes: { name: row.name, text: row.text }, ip: request.ip, requestId: request.id });
    });
    return ok({ id: (request.params as { id: string }).id }, MESSAGES.deleted);
  });
}
