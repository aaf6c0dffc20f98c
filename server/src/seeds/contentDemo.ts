import type { Db } from '../db/index';
import type { Storage } from '../services/storage';
import { type Holder, registerHolds } from '../services/storedFiles';
import { USER_STATUS } from '../../../contract/enums';
import { gradientPng } from './promotionalDemo';

/**
 * Demo content of the console's content screens: health literacy categories (each with an image),
 * health literacy items in them (images, PDFs and videos with their thumbnails), the two static pages
 * and the FAQs. A fixed set whatever the scale; only the missing ones are added (by title, page key or
 * question), so a forced second run adds nothing twice. The files are small ones drawn here (gradient
 * PNGs, one-page PDFs, an MP4 header), written through the storage interface when one is given (the
 * server's DATA_DIR/storage or the bucket) and held by their records, as uploads are.
 */

type Rgb = [number, number, number];

/** [title, from colour, to colour] */
const CATEGORIES: [string, Rgb, Rgb][] = [
  ['Nutrition', [255, 183, 77], [255, 112, 67]],
  ['Vaccination', [79, 195, 247], [41, 98, 255]],
  ['Mother and child', [240, 98, 146], [171, 71, 188]],
  ['Hygiene and clean water', [77, 208, 225], [0, 150, 136]],
  ['Chronic diseases', [174, 213, 129], [56, 142, 60]],
  ['Mental health', [179, 157, 219], [94, 53, 177]],
];

/** [title, type, category, tags, description] */
const ITEMS: [string, 'image' | 'pdf' | 'video', string, string[], string][] = [
  ['A balanced plate', 'image', 'Nutrition', ['nutrition', 'diet', 'family'], 'What a healthy meal for the whole family looks like: grains, pulses, vegetables and fruit.'],
  ['Feeding your baby after six months', 'pdf', 'Nutrition', ['nutrition', 'infants', 'weaning'], 'When and how to start soft foods beside breastfeeding.'],
  ['Iron-rich foods', 'video', 'Nutrition', ['anaemia', 'iron', 'women'], 'Foods that prevent anaemia, for mothers and adolescent girls.'],
  ['The childhood vaccination schedule', 'pdf', 'Vaccination', ['vaccination', 'children', 'EPI'], 'Every vaccine from birth to 15 months, and when it is due.'],
  ['Why polio drops every campaign', 'video', 'Vaccination', ['polio', 'campaign'], 'Each dose adds protection: why children are vaccinated at every round.'],
  ['After the vaccine', 'image', 'Vaccination', ['vaccination', 'fever', 'care'], 'A mild fever is normal; when to see a health worker.'],
  ['Four antenatal visits', 'pdf', 'Mother and child', ['pregnancy', 'antenatal'], 'What is checked at each visit and why every one matters.'],
  ['Danger signs in pregnancy', 'image', 'Mother and child', ['pregnancy', 'emergency'], 'Bleeding, severe headache, swelling: go to the health unit at once.'],
  ['Washing hands in five steps', 'video', 'Hygiene and clean water', ['hygiene', 'handwashing', 'children'], 'Wet, soap, scrub for twenty seconds, rinse, dry.'],
  ['Making water safe to drink', 'pdf', 'Hygiene and clean water', ['water', 'diarrhoea', 'boiling'], 'Boiling, chlorine tablets and clean storage.'],
  ['Living with diabetes', 'pdf', 'Chronic diseases', ['diabetes', 'diet', 'medicine'], 'Medicines, meals and checking your sugar.'],
  ['Know your blood pressure', 'image', 'Chronic diseases', ['hypertension', 'heart'], 'What the numbers mean and how salt raises them.'],
  ['Talking about stress', 'video', 'Mental health', ['stress', 'wellbeing'], 'Signs of stress and depression, and where to find help.'],
];

const PAGES: Record<'privacy_policy' | 'terms', string> = {
  privacy_policy: [
    '<h2>Privacy policy</h2>',
    '<p>The programme keeps the health records you and your health workers enter so that every doctor you see knows your history.</p>',
    '<ul><li>Your records are seen only by the doctors, health workers and staff who care for you.</li>',
    '<li>We never sell your data or share it for advertising.</li>',
    '<li>You may ask for a copy of your records, or for a correction, at any health unit.</li></ul>',
    '<p>Questions: write to the help line from the app\'s support screen.</p>',
  ].join(''),
  terms: [
    '<h2>Terms of use</h2>',
    '<p>The apps and this console are provided by the programme for its patients, health workers, doctors and staff.</p>',
    '<ol><li>Give true information about yourself and your family.</li>',
    '<li>Online consultations do not replace emergency care: in an emergency go to the nearest hospital.</li>',
    '<li>Keep your password to yourself.</li></ol>',
  ].join(''),
};

const FAQS: [string, string][] = [
  ['How do I book an appointment?', '<p>Open <strong>Appointments</strong> in the app, choose a doctor and a free time, and confirm. You can also send a request and the staff will book one for you.</p>'],
  ['Is the consultation free?', '<p>Yes. Consultations in the programme are free of charge for registered patients.</p>'],
  ['Can I add my family members?', '<p>Yes: in <em>My family</em>, add each member with their relation. You can then book for them.</p>'],
  ['What if I miss my appointment?', '<p>Cancel it in the app so the slot is free for someone else, then book another time.</p>'],
  ['How do I reach my community health worker?', '<p>Your health worker\'s name and phone number are shown on the home screen of the app.</p>'],
  ['Where are my prescriptions?', '<p>Every prescription a doctor writes is kept under <strong>Prescriptions</strong> in the app.</p>'],
  ['Is my information safe?', '<p>Only the people who care for you can see your records. Read the privacy policy for details.</p>'],
  ['What do I do in an emergency?', '<p>Mark your request as <strong>emergency</strong> in the app, and go to the nearest hospital if you cannot wait.</p>'],
];

const slugOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A one-page PDF showing a title. */
export function onePagePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  return Buffer.from([
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
    `4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj`,
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
  ].join('\n'));
}

/** The start of an MP4 (its ftyp box and an empty mdat): what the server's content check reads. */
export function mp4Header(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);
}

export interface ContentDemoResult {
  categories: number;
  healthLiteracy: number;
  pages: number;
  faqs: number;
  /** the active health literacy items (what Knowledge tasks and messages point at) */
  knowledgeIds: number[];
}

export async function seedContentDemo(
  database: Db,
  opts: { ownerId: number | null; storage?: Storage; log: (line: string) => void },
): Promise<ContentDemoResult> {
  const { db } = database;
  const stamp = new Date().toISOString();
  const writes: Promise<void>[] = [];
  const put = (path: string, data: () => Buffer) => {
    if (opts.storage) writes.push(opts.storage.putAt(path, data()));
    return path;
  };
  const holds: (Holder & { path: string })[] = [];
  const audits: Record<string, unknown>[] = [];
  const created = (resource: string, id: number, changes: Record<string, unknown>) =>
    audits.push({ actor_id: opts.ownerId, action: 'create', resource, record_id: id, changes: JSON.stringify(changes), ip: '127.0.0.1', request_id: null, created_at: stamp });

  // categories, each with an image
  const haveCategories = new Set((await db.selectFrom('categories').select('title').execute()).map((c) => c.title));
  let categories = 0;
  for (const [title, from, to] of CATEGORIES) {
    if (haveCategories.has(title)) continue;
    const file = put(`categories/demo-${slugOf(title)}.png`, () => gradientPng(160, 160, from, to));
    const row = await db.insertInto('categories').values({ title, file, created_by: opts.ownerId, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    holds.push({ path: file, table: 'categories', id: row.id, column: 'file' });
    created('categories', row.id, { title, file });
    categories++;
  }
  const categoryId = new Map((await db.selectFrom('categories').select(['id', 'title']).execute()).map((c) => [c.title, c.id]));

  // health literacy items: an image, a PDF, or a video with its thumbnail
  const haveItems = new Set((await db.selectFrom('health_literacy_contents').select('title').execute()).map((h) => h.title));
  let items = 0;
  for (const [index, [title, type, category, tags, desc]] of ITEMS.entries()) {
    const category_id = categoryId.get(category);
    if (haveItems.has(title) || category_id === undefined) continue;
    const colours = CATEGORIES.find((c) => c[0] === category)!;
    const name = `health_literacy_contents/demo-${slugOf(title)}`;
    const file = type === 'image'
      ? put(`${name}.png`, () => gradientPng(640, 400, colours[1], colours[2]))
      : type === 'pdf' ? put(`${name}.pdf`, () => onePagePdf(title)) : put(`${name}.mp4`, mp4Header);
    const thumbnail = type === 'pdf' && index % 2 ? null : put(`${name}-thumb.png`, () => gradientPng(320, 200, colours[2], colours[1]));
    const row = await db.insertInto('health_literacy_contents').values({
      title, type, category_id, tags: tags.join(','), desc, file, thumbnail, status: index === ITEMS.length - 1 ? USER_STATUS.blocked : USER_STATUS.active,
      created_by: opts.ownerId, created_at: stamp, updated_at: stamp,
    }).returning('id').executeTakeFirstOrThrow();
    holds.push({ path: file, table: 'health_literacy_contents', id: row.id, column: 'file' });
    if (thumbnail) holds.push({ path: thumbnail, table: 'health_literacy_contents', id: row.id, column: 'thumbnail' });
    created('health-literacy-content', row.id, { title, type, category_id });
    items++;
  }

  // the static pages (each key once) and the FAQs
  const havePages = new Set((await db.selectFrom('pages').select('key').execute()).map((p) => p.key));
  let pages = 0;
  for (const [key, value] of Object.entries(PAGES) as [keyof typeof PAGES, string][]) {
    if (havePages.has(key)) continue;
    const row = await db.insertInto('pages').values({ key, value, created_by: opts.ownerId, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    created('pages', row.id, { key });
    pages++;
  }
  const haveFaqs = new Set((await db.selectFrom('faqs').select('question').execute()).map((f) => f.question));
  let faqs = 0;
  for (const [question, answer] of FAQS) {
    if (haveFaqs.has(question)) continue;
    const row = await db.insertInto('faqs').values({ question, answer, created_by: opts.ownerId, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    created('faqs', row.id, { question });
    faqs++;
  }

  await Promise.all(writes);
  await registerHolds(db, holds);
  if (audits.length) await db.insertInto('audit_log').values(audits as never).execute();
  const knowledgeIds = (await db.selectFrom('health_literacy_contents').select('id').where('status', '=', USER_STATUS.active).orderBy('id').execute()).map((h) => h.id);
  opts.log(`content: ${categories} categories, ${items} health literacy items, ${pages} pages, ${faqs} FAQs added`);
  return { categories, healthLiteracy: items, pages, faqs, knowledgeIds };
}
