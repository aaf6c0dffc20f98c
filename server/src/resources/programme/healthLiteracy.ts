import { Type } from '@sinclair/typebox';
import { conflict, ValidationError } from '../../http/errors';
import { Fields } from '../../http/fields';
import { defineResource, type Row } from '../../http/resource';
import type { MediaKind } from '../../services/uploads';
import { HLC_TYPES, type HlcType } from '../../../../contract/enums';
import { countsText, messageText, type RecordCount } from '../../../../contract/messages';
import './schema';

/**
 * Health literacy content (spec 3): education material in a category — an image, a PDF or a video (a
 * video with a thumbnail image) — with a title, a description and tags. The file comes from the chunked
 * upload (folder health_literacy_contents) or, when small, in the body; it must be of the chosen type.
 * Tasks and messages of type Knowledge point at active items.
 */

export const HLC = {
  type: 'Please select a type.',
  category: 'Please select a category.',
  title: 'Please provide a title.',
  desc: 'Please provide a description.',
  tags: 'Please provide at least one tag.',
  tag: 'A tag may have at most 50 characters.',
  file: 'File format not supported. JPG/JPEG/PNG/MP4/PDF',
  fileRequired: 'Please select a file.',
  thumbnail: 'File format not supported. JPG/JPEG/PNG',
  thumbnailRequired: 'Please select a thumbnail.',
  byType: {
    image: 'File format not supported. JPG/JPEG/PNG',
    pdf: 'File format not supported. PDF',
    video: 'File format not supported. Video',
  } satisfies Record<HlcType, string>,
};

/** The stored kinds each type takes. */
export const HLC_KINDS: Record<HlcType, readonly MediaKind[]> = { image: ['jpg', 'png'], pdf: ['pdf'], video: ['mp4'] };

export const HLC_FOLDER = 'health_literacy_contents';
/** The upload folders of its files: its own, and the spec's other names for it. */
const HLC_UPLOADS = [HLC_FOLDER, 'hlc', 'health-literacy'];
export const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 50;

/**
 * Tags as typed: a list, or text separated by commas; each trimmed, empty ones dropped, repeats (in any
 * case) kept once, in the order given.
 */
export function normaliseTags(value: unknown): string[] {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.replace(/\s+/g, ' ').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Stored as text joined by commas (what the search index matches); read back as a list. */
const storedTags = (value: unknown): string[] => (typeof value === 'string' && value ? value.split(',') : []);

const extOf = (path: unknown): MediaKind | null => (typeof path === 'string' && path.includes('.') ? (path.slice(path.lastIndexOf('.') + 1) as MediaKind) : null);

const PNG_DOT = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SAMPLE_PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;
/** the first bytes of an MP4 (an ftyp box), enough for the content check */
const SAMPLE_MP4 = `data:video/mp4;base64,${Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('mp42isom')]).toString('base64')}`;

/** Text holding a tag: a character other than a comma or a space (and, as every text, no NUL character). */
const SOME_TAG = '^[^\\u0000]*[^,\\s\\u0000][^\\u0000]*$';
/** Tags: at least one once split at commas and trimmed (`normaliseTags`); in a list, each item holds one. */
const tagsSchema = Type.Union(
  [Type.Array(Type.String({ maxLength: 1000, pattern: SOME_TAG }), { minItems: 1, maxItems: 200 }), Type.String({ maxLength: 5000, pattern: SOME_TAG })],
  { 'x-message': HLC.tags },
);

export const healthLiteracyContent = defineResource<'health_literacy_contents'>()({
  name: 'health-literacy-content',
  ignored: { splited_tags: 'read-only: tags, as the spec reads them back' },
  table: 'health_literacy_contents',
  module: 'hlc',
  columns: ['title', 'type', 'category_id', 'tags', 'desc', 'file', 'thumbnail', 'status', 'created_by', 'created_at', 'updated_at'],
  label: 'title',
  createSchema: Type.Object(
    {
      type: Fields.enumOf(HLC_TYPES, HLC.type),
      category_id: Fields.reference(HLC.category),
      title: Fields.title(HLC.title),
      desc: Fields.text(HLC.desc, 5000),
      tags: tagsSchema,
    },
    { additionalProperties: false },
  ),
  files: {
    file: { kinds: ['jpg', 'png', 'pdf', 'mp4'], folder: HLC_FOLDER, uploads: HLC_UPLOADS, message: HLC.file, requiredMessage: HLC.fileRequired },
    thumbnail: { kinds: ['jpg', 'png'], folder: HLC_FOLDER, uploads: HLC_UPLOADS, message: HLC.thumbnail },
  },
  searchable: ['title', 'tags'],
  choices: ['title', 'type'],
  sortable: ['title', 'type', 'status', 'created_at', 'id', 'category.title'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { type: 'string', category_id: 'integer' },
  status: { kind: 'user' },
  belongsTo: [{ as: 'category', column: 'category_id', resource: 'categories', table: 'categories', columns: ['title'] }],
  exportColumns: ['id', 'title', 'type', 'tags', 'desc', 'status', 'created_at'],
  presents: { tags: Type.Array(Type.String()), splited_tags: Type.Array(Type.String()), 'file.viewer': Type.Optional(Type.String({ description: 'a PDF: a short-lived link the console may frame' })) },
  hooks: {
    async prepare(w, input, existing) {
      const errors: Record<string, string[]> = {};
      const values: Row = {};
      for (const key of ['title', 'desc', 'type'] as const) if (input[key] !== undefined) values[key] = input[key];
      if (input.category_id !== undefined) {
        const category = await w.db.selectFrom('categories').select('id').where('id', '=', input.category_id).executeTakeFirst();
        if (category) values.category_id = input.category_id;
        else errors.category_id = [HLC.category];
      }
      if (input.tags !== undefined) {
        const tags = normaliseTags(input.tags);
        if (!tags.length || tags.length > MAX_TAGS) errors.tags = [HLC.tags];
        else if (tags.some((t) => t.length > MAX_TAG_LENGTH)) errors.tags = [HLC.tag];
        else values.tags = tags.join(',');
      }
      // the file must be of the type: a new file against the new type, a kept one against a changed type
      const type = (input.type ?? existing?.type) as HlcType;
      const files = w.files ?? {};
      const file = files.file !== undefined ? files.file : existing?.file;
      const kind = extOf(file);
      if (kind && !HLC_KINDS[type].includes(kind)) errors.file = [HLC.byType[type]];
      const thumbnail = files.thumbnail !== undefined ? files.thumbnail : existing?.thumbnail;
      if (type === 'video' && !thumbnail) errors.thumbnail = [HLC.thumbnailRequired];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return values;
    },
    // tasks and messages of type Knowledge point at items (a sample of neither can also point here, so
    // this is a hook rather than referencedBy): an item in use is blocked, not deleted
    async beforeDelete({ db }, row) {
      const uses: RecordCount[] = [];
      for (const [table, noun] of [['tasks', 'task'], ['user_messages', 'message']] as const) {
        const count = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('knowledge_id', '=', row.id).executeTakeFirstOrThrow()).n);
        if (count) uses.push({ noun, count });
      }
      const title = String(row.title);
      if (uses.length) throw conflict(messageText('literacy_in_use', { title, uses: countsText(uses) }), { title, uses });
    },
    async enrich(ctx, rows) {
      for (const r of rows) {
        const tags = storedTags(r.tags);
        (r as Row).tags = tags;
        (r as Row).splited_tags = tags;
        // a PDF is shown in the console's own frame through a short-lived link that may be framed by the
        // console (the /storage copy is sandboxed and downloaded, which a PDF viewer cannot work under)
        const file = r.file as unknown as { path: string; type: string } | null;
        if (file?.type === 'pdf' && file.path.startsWith('/storage/')) {
          (file as Row).viewer = ctx.storage.signedUrl({ path: file.path.slice('/storage/'.length), resource: 'health-literacy-content', record: r.id });
        }
      }
    },
  },
  // an image with a cover thumbnail (a thumbnail is optional but for videos), so the contract suite
  // exercises both file fields and a replacement file of the same type; the tests here cover the others
  sample: async (n, ref) => {
    const category = await ref('categories');
    return { title: `Handwashing guide ${n}`, type: 'image', category_id: category.id, desc: `How and when to wash hands (${n}).`, tags: ['hygiene', `sample ${n}`], file: PNG_DOT, thumbnail: PNG_DOT };
  },
  invalidSamples: [
    { title: 'PDF as image', type: 'image', category_id: 1, desc: 'x', tags: ['a'], file: SAMPLE_PDF },
    { title: 'Image as video', type: 'video', category_id: 1, desc: 'x', tags: ['a'], file: PNG_DOT, thumbnail: PNG_DOT },
    { title: 'Video without thumbnail', type: 'video', category_id: 1, desc: 'x', tags: ['a'], file: SAMPLE_MP4 },
    { title: 'No tags', type: 'image', category_id: 1, desc: 'x', tags: [' ', ','], file: PNG_DOT },
    { title: 'No category', type: 'image', category_id: 2_000_000_000, desc: 'x', tags: ['a'], file: PNG_DOT },
    { title: 'Audio', type: 'audio', category_id: 1, desc: 'x', tags: ['a'], file: PNG_DOT },
    { title: 'Elsewhere', type: 'image', category_id: 1, desc: 'x', tags: ['a'], file: 'https://example.com/x.png' },
  ],
});
