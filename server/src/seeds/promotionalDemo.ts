import type { Db } from '../db/index';
import { encodePng } from '../services/png';
import type { Storage } from '../services/storage';
import { type Holder, registerHolds } from '../services/storedFiles';

/**
 * Demo content for the landing site (/site): a logo, a banner, the about section with its four boxes
 * and figures, three slider images and three testimonials. The images are gradients drawn here (PNG),
 * stored in the storage (DATA_DIR/storage/promotional, or the bucket) as the server stores uploads. Left alone when the site
 * already has content; the how-it-works video is left for staff to upload.
 */

type Rgb = [number, number, number];

/** A diagonal gradient from one colour to another, as an RGB PNG. */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const pixels = Buffer.alloc(width * 3 * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) pixels[(y * width + x) * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return encodePng(width, height, 3, pixels);
}

const BOXES: [string, string][] = [
  ['Doctors on call', 'Speak to a qualified doctor from home, by video or phone.'],
  ['Health workers nearby', 'Community health workers visit every village council of the programme.'],
  ['Medicines tracked', 'Prescriptions are kept with your record, so every visit starts informed.'],
  ['Learn and stay well', 'Short lessons on nutrition, vaccination and clean water, in your language.'],
];
const FIGURES: [string, string][] = [['1,000+', 'Patients served'], ['120', 'Community health workers'], ['35', 'Doctors'], ['24/7', 'Help line']];
const TESTIMONIALS: [string, string][] = [
  ['Ayesha, Swat', 'The doctor called back the same evening and my son was better in two days.'],
  ['Bilal, Multan', 'Our health worker showed us how to keep the water clean. Nobody fell ill this summer.'],
  ['Nasreen, Quetta', 'I get a reminder before every vaccination. I have not missed one since.'],
];

export async function seedPromotionalDemo(database: Db, storage: Storage, log: (line: string) => void = () => undefined): Promise<boolean> {
  const { db } = database;
  const existing = await db.selectFrom('promotional_sections').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const writes: Promise<void>[] = [];
  const image = (name: string, width: number, height: number, from: Rgb, to: Rgb) => {
    const path = `promotional/${name}.png`;
    const write = storage.putAt(path, gradientPng(width, height, from, to));
    write.catch(() => undefined); // awaited below, after the rows
    writes.push(write);
    return path;
  };
  const stamp = new Date().toISOString();
  const about: Record<string, string> = { title: 'About us', heading: 'Care close to home', desc: 'A telehealth and community-health programme: doctors a call away and health workers in every village council.' };
  BOXES.forEach(([title, desc], i) => {
    const n = i + 1;
    about[`box_${n}_title`] = title;
    about[`box_${n}_desc`] = desc;
    about[`box_${n}_file`] = image(`demo-box-${n}`, 480, 300, [97 - i * 10, 83 + i * 30, 234 - i * 20], [247, 49 + i * 40, 100 + i * 30]);
  });
  FIGURES.forEach(([value, key], i) => {
    about[`box_analytic_${i + 1}_value`] = value;
    about[`box_analytic_${i + 1}_key`] = key;
  });
  const sections: Record<string, Record<string, string | null>> = {
    logo: { file: image('demo-logo', 240, 80, [97, 83, 234], [247, 49, 100]) },
    banner: {
      desc: 'Doctors a call away, health workers at your door.',
      background_image: image('demo-banner', 1280, 480, [239, 238, 255], [255, 226, 236]),
      center_image: null,
      person_image: image('demo-person', 360, 420, [97, 83, 234], [140, 200, 255]),
    },
    about,
  };
  const holds: (Holder & { path: string })[] = [];
  await db.transaction().execute(async (trx) => {
    for (const [section, content] of Object.entries(sections)) {
      const row = await trx.insertInto('promotional_sections').values({ section, content: JSON.stringify(content), updated_by: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
      for (const [column, path] of Object.entries(content)) if (path?.startsWith('promotional/')) holds.push({ path, table: 'promotional_sections', id: row.id, column });
    }
    for (const n of [1, 2, 3]) {
      const file = image(`demo-slide-${n}`, 1280, 720, [40 * n, 120, 200], [250, 180 - 30 * n, 60]);
      const row = await trx.insertInto('promotional_sliders').values({ file, created_by: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
      holds.push({ path: file, table: 'promotional_sliders', id: row.id, column: 'file' });
    }
    for (const [name, text] of TESTIMONIALS) await trx.insertInto('promotional_testimonials').values({ name, text, created_by: null, created_at: stamp, updated_at: stamp }).execute();
  });
  await Promise.all(writes);
  // the site serves its images once records hold them
  await registerHolds(db, holds);
  log('landing site: logo, banner, about, 3 slider images and 3 testimonials');
  return true;
}
