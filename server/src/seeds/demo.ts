/**
 * Demo data for trying the console and for the benchmark: roles with sensible permission sets, admins
 * spread over them, qualifications, specializations, districts, tehsils, VC areas and cities.
 *
 *   npm run seed:demo -- [--scale N] [--force]
 *
 * Runs against the configured database (DATA_DIR / DATABASE_URL, as the server), migrating and running
 * the base seed first. Scale N gives 50·N admins and 300·N VC areas; roles and reference lists stay the
 * same size. Every demo admin signs in with DEMO_PASSWORD. A fixed faker seed makes runs repeatable.
 */
import { Faker, en } from '@faker-js/faker';
import { CompiledQuery, sql } from 'kysely';
import { ALL_PERMISSIONS, PERMISSION_MODULES } from '../../../contract/permissions';
import { USER_STATUS } from '../../../contract/enums';
import { type Config, ConfigError, loadConfig } from '../config';
import { hashPassword, type Argon2Cost } from '../services/passwords';
import { registerHolds } from '../services/storedFiles';
import { createDb, type Db } from '../db/index';
import { migrateToLatest } from '../db/migrate';
import { seedBase } from './base';
import { withDeferredIndexing } from './bulkLoad';
import { seedPromotionalDemo } from './promotionalDemo';
import { createStorage } from '../services/storageDriver';
import type { Storage } from '../services/storage';
import { seedContentDemo } from './contentDemo';
import { seedSamples } from './samples';
import { storeRecipientsOfNewMessages } from '../resources/programme/messages';
import { CHANNEL_OF, NotificationFanOut } from '../services/fanOut';

export const DEMO_PASSWORD = 'demo-password-1';
/** Every demo admin's email ends with this; it is how a second run recognises demo data. */
export const DEMO_EMAIL_DOMAIN = 'demo.example.org';

export interface SeedDemoOptions {
  /** multiplies admins (50·scale) and VC areas (300·scale); default 1 */
  scale?: number;
  /** exact admin count, overriding 50·scale (the benchmark asks for round numbers) */
  admins?: number;
  /** patients (1,000·scale by default); half as many family members come with them */
  patients?: number;
  /** community health workers (50·scale by default) */
  chws?: number;
  /** doctors (20·scale by default), each with a week of working hours ahead */
  doctors?: number;
  /** appointments over the last two years and the coming month (10,000·scale by default) */
  appointments?: number;
  /** survey submissions from CHWs (2,000·scale by default) */
  submissions?: number;
  /** seed even though demo data is already there (admins and areas are added, reference lists completed) */
  force?: boolean;
  /** argon2 cost of the one demo password hash; defaults to OWASP's figures */
  argon2?: Argon2Cost;
  log?: (line: string) => void;
  /** faker seed; default fixed */
  seed?: number;
  /**
   * where the demo's files go (the campaign leaflet, category images, health literacy media, the landing
   * site's images), as the server stores uploads; without it the records point at files not written
   */
  storage?: Storage;
}

export interface SeedDemoResult {
  roles: number;
  admins: number;
  qualifications: number;
  specializations: number;
  districts: number;
  tehsils: number;
  areas: number;
  cities: number;
  patients: number;
  familyMembers: number;
  chws: number;
  doctors: number;
  appointments: number;
  medicalHistories: number;
  prescriptions: number;
  campaigns: number;
  forms: number;
  tasks: number;
  submissions: number;
  messages: number;
  facilityCenters: number;
  feedbacks: number;
  supports: number;
  notifications: number;
  notificationCopies: number;
  appointmentRequests: number;
  categories: number;
  healthLiteracy: number;
  pages: number;
  faqs: number;
  passwordHash: string;
  ms: number;
}

export class DemoDataExists extends Error {}

/** sent to admins (their bells), oldest first; all but the last two already read */
const DEMO_NOTICES = [
  { title: 'Polio campaign starts Monday', body: 'CHW teams collect vaccine carriers from the district store on Sunday.' },
  { title: 'Monthly reports due', body: 'Please submit the VC-level reports by the 5th.' },
  { title: 'New tehsils added', body: 'Location lists now include the tehsils created last week.' },
  { title: 'Training: data quality', body: 'A one-hour session for admins on Thursday at 10:00.' },
  { title: 'Server maintenance', body: 'The console will be unavailable on Saturday from 22:00 to 23:00.' },
  { title: 'Cold chain check', body: 'Log the fridge temperatures at every facility today.' },
];

/** sent to doctors and to patients (their apps' inboxes); one to patients, whose copies are the most at large scales */
const FIELD_NOTICES: { to: 'doctor' | 'patient'; title: string; body: string }[] = [
  { to: 'doctor', title: 'Roster for next week', body: 'Please confirm your working hours for next week by Friday.' },
  { to: 'patient', title: 'Vaccination week', body: 'Free vaccination for children under five at every health unit this week.' },
  { to: 'doctor', title: 'Updated referral guidelines', body: 'The referral guidelines for emergency cases have been updated.' },
];

// ---------------------------------------------------------------------------------------------- data

const perms = (...modules: string[]) =>
  PERMISSION_MODULES.filter((m) => modules.includes(m.key)).flatMap((m) => m.permissions.map((p) => p.name));
const viewOf = (...modules: string[]) => modules.map((m) => `view_${m}`);
const ALL_VIEWS = ALL_PERMISSIONS.filter((p) => p.startsWith('view_'));

/** [name, permissions, weight among the demo admins] */
const ROLES: [string, string[], number][] = [
  ['Admin Manager', [...perms('sub_admin'), ...viewOf('role')], 4],
  ['Location Manager', [...perms('location'), ...viewOf('facility_center')], 10],
  ['Doctor Coordinator', [...perms('doctor', 'qualification', 'specialization'), ...viewOf('facility_center', 'location'), 'view_activity_doctor'], 10],
  ['CHW Supervisor', [...perms('chw', 'task'), ...viewOf('location', 'app_user'), 'create_activity_chw'], 12],
  ['Content Editor', [...perms('hlc', 'faq', 'campaign', 'notification')], 6],
  ['Support Agent', [...perms('support', 'feedback'), ...viewOf('app_user', 'doctor', 'chw')], 8],
  ['Survey Officer', [...perms('form'), ...viewOf('app_user', 'chw', 'location', 'task')], 6],
  ['Viewer', ALL_VIEWS, 8],
];

const QUALIFICATIONS = [
  'MBBS', 'BDS', 'FCPS', 'MCPS', 'MRCP', 'FRCS', 'MD', 'MS', 'MPH', 'MSPH', 'DPH', 'DCH', 'DGO',
  'Diploma in Anaesthesia', 'DMRD', 'MPhil', 'PhD', 'BSN', 'LHV Diploma', 'Pharm-D',
];

const SPECIALIZATIONS = [
  'General Medicine', 'Paediatrics', 'Gynaecology & Obstetrics', 'General Surgery', 'Cardiology', 'Dermatology',
  'ENT', 'Ophthalmology', 'Orthopaedics', 'Psychiatry', 'Neurology', 'Nephrology', 'Urology', 'Gastroenterology',
  'Pulmonology', 'Endocrinology', 'Oncology', 'Radiology', 'Anaesthesiology', 'Family Medicine', 'Public Health',
  'Community Medicine', 'Nutrition', 'Physiotherapy', 'Dentistry', 'Infectious Diseases', 'Haematology',
  'Rheumatology', 'Emergency Medicine', 'Neonatology',
];

/** [district, lat, long, tehsils] — centres roughly right; all inside lat 24–37, long 61–77 */
const DISTRICTS: [string, number, number, string[]][] = [
  ['Lahore', 31.52, 74.36, ['Lahore City', 'Lahore Cantt', 'Model Town', 'Raiwind', 'Shalimar', 'Wagah']],
  ['Rawalpindi', 33.6, 73.05, ['Rawalpindi', 'Gujar Khan', 'Taxila', 'Murree', 'Kahuta', 'Kotli Sattian']],
  ['Faisalabad', 31.42, 73.08, ['Faisalabad City', 'Faisalabad Saddar', 'Jaranwala', 'Samundri', 'Tandlianwala', 'Chak Jhumra']],
  ['Multan', 30.2, 71.47, ['Multan City', 'Multan Saddar', 'Shujabad', 'Jalalpur Pirwala']],
  ['Peshawar', 34.01, 71.58, ['Peshawar City', 'Shah Alam', 'Mathra', 'Badaber', 'Chamkani']],
  ['Karachi', 24.95, 67.05, ['Saddar', 'Gulshan-e-Iqbal', 'Korangi', 'Malir', 'Orangi', 'Lyari']],
  ['Quetta', 30.18, 67.0, ['Quetta City', 'Quetta Saddar', 'Panjpai', 'Kuchlak']],
  ['Hyderabad', 25.4, 68.37, ['Hyderabad City', 'Latifabad', 'Qasimabad', 'Hyderabad Rural']],
  ['Gujranwala', 32.16, 74.19, ['Gujranwala City', 'Kamoke', 'Nowshera Virkan', 'Wazirabad', 'Gujranwala Saddar']],
  ['Sialkot', 32.49, 74.53, ['Sialkot', 'Daska', 'Pasrur', 'Sambrial']],
  ['Abbottabad', 34.15, 73.22, ['Abbottabad', 'Havelian', 'Lora', 'Lower Tanawal']],
  ['Bahawalpur', 29.4, 71.68, ['Bahawalpur City', 'Bahawalpur Saddar', 'Ahmadpur East', 'Hasilpur', 'Yazman', 'Khairpur Tamewali']],
];

const CITIES = [
  'Karachi', 'Lahore', 'Faisalabad', 'Rawalpindi', 'Gujranwala', 'Peshawar', 'Multan', 'Hyderabad', 'Islamabad',
  'Quetta', 'Bahawalpur', 'Sargodha', 'Sialkot', 'Sukkur', 'Larkana', 'Sheikhupura', 'Rahim Yar Khan', 'Jhang',
  'Dera Ghazi Khan', 'Gujrat', 'Sahiwal', 'Wah Cantonment', 'Mardan', 'Kasur', 'Okara', 'Mingora', 'Nawabshah',
  'Chiniot', 'Kotri', 'Kamoke', 'Hafizabad', 'Sadiqabad', 'Mirpur Khas', 'Burewala', 'Kohat', 'Khanewal',
  'Dera Ismail Khan', 'Turbat', 'Muzaffargarh', 'Abbottabad',
];

const MALE = [
  'Muhammad', 'Ahmed', 'Ali', 'Hassan', 'Hussain', 'Usman', 'Bilal', 'Hamza', 'Imran', 'Kamran', 'Asad', 'Fahad',
  'Faisal', 'Zubair', 'Tariq', 'Waqas', 'Adnan', 'Shahid', 'Naveed', 'Junaid', 'Saad', 'Rizwan', 'Irfan', 'Salman',
  'Haris', 'Umar', 'Abdullah', 'Zeeshan', 'Nadeem', 'Arslan', 'Danish', 'Farhan', 'Owais', 'Sohail', 'Yasir',
  'Khurram', 'Mudassar', 'Rehan', 'Sajid', 'Talha', 'Waleed', 'Zain', 'Atif', 'Babar', 'Ehsan', 'Ghulam', 'Jawad',
];
const FEMALE = [
  'Ayesha', 'Fatima', 'Zainab', 'Maryam', 'Sana', 'Hira', 'Amna', 'Saima', 'Nadia', 'Rabia', 'Sadia', 'Iqra',
  'Mehwish', 'Sobia', 'Kiran', 'Asma', 'Bushra', 'Farah', 'Hina', 'Uzma', 'Samina', 'Nazia', 'Shazia', 'Rukhsana',
  'Tahira', 'Mahnoor', 'Aleena', 'Anum', 'Areeba', 'Javeria', 'Komal', 'Laiba', 'Maham', 'Noor', 'Sidra', 'Tayyaba',
  'Zara', 'Khadija', 'Huma', 'Naila', 'Saba', 'Shabana', 'Yasmin', 'Ghazala', 'Nighat', 'Robina', 'Fozia',
];
const SURNAMES = [
  'Khan', 'Ahmed', 'Ali', 'Hussain', 'Shah', 'Malik', 'Butt', 'Chaudhry', 'Qureshi', 'Sheikh', 'Siddiqui', 'Raza',
  'Iqbal', 'Aslam', 'Akhtar', 'Javed', 'Rashid', 'Mirza', 'Abbasi', 'Baig', 'Bhatti', 'Cheema', 'Gill', 'Gondal',
  'Hashmi', 'Jamil', 'Kazmi', 'Khattak', 'Mahmood', 'Nawaz', 'Niazi', 'Rana', 'Rehman', 'Saleem', 'Sultan', 'Tariq',
  'Warraich', 'Yousaf', 'Zaidi', 'Afridi', 'Yousafzai', 'Bukhari', 'Durrani', 'Gilani', 'Memon', 'Soomro', 'Baloch',
  'Marri', 'Jatoi', 'Lashari',
];
const VC_PREFIX = ['Chak', 'Basti', 'Mohalla', 'Kot', 'Pind', 'Dera', 'Goth', 'Mauza', 'Dhok', 'Killi'];
const VC_SUFFIX = ['', '', '', ' Kalan', ' Khurd', ' Sharif', ' Wala', 'abad', ' Nau', ' Janubi', ' Shumali'];

// ------------------------------------------------------------------------------------------- helpers

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bind parameters for any of our tables. */
const batchSize = (columns: number) => Math.max(1, Math.floor(30_000 / columns));

/**
 * Inserts rows a transaction of `perTx` at a time; a large load into SQLite defers the table's indexing
 * (bulkLoad.ts). Rows may come from a generator, made as they are written.
 */
async function bulkInsert(database: Db, table: string, rows: Iterable<Record<string, unknown>>, perTx = 20_000): Promise<number> {
  return withDeferredIndexing(database, table, Array.isArray(rows) ? rows.length : Infinity, () => insertRows(database, table, rows, perTx));
}

async function insertRows(database: Db, table: string, rows: Iterable<Record<string, unknown>>, perTx = 20_000): Promise<number> {
  let count = 0;
  let chunk: Record<string, unknown>[] = [];
  const flush = async () => {
    const size = Math.min(batchSize(Object.keys(chunk[0]!).length), 2_000);
    const rowsOfTx = chunk;
    chunk = [];
    const copied = database.copyRows ? copyColumns(rowsOfTx) : null;
    if (copied) {
      await database.copyRows!(table, copied, rowsOfTx.map((row) => copied.map((c) => row[c])));
      return;
    }
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rowsOfTx.length; i += size) {
        const batch = rowsOfTx.slice(i, i + size);
        const raw = database.dialect === 'sqlite' ? rawInsert(table, batch) : null;
        if (raw) await trx.executeQuery(raw);
        else await trx.insertInto(table as never).values(batch as never).execute();
      }
    });
  };
  for (const row of rows) {
    chunk.push(row);
    count++;
    if (chunk.length >= perTx) await flush();
  }
  if (chunk.length) await flush();
  return count;
}

/**
 * The columns of `rows` when PostgreSQL's COPY can load them as they are (`Db.copyRows`): every row has
 * the same columns, each value a string, number, boolean, Date or null (an undefined value, which Kysely
 * leaves to the column's default, or an object goes by INSERT). Else null.
 */
function copyColumns(rows: Record<string, unknown>[]): string[] | null {
  const columns = Object.keys(rows[0]!);
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return null;
    for (const column of columns) {
      const value = row[column];
      if (value === undefined || (typeof value === 'object' && value !== null && !(value instanceof Date))) return null;
    }
  }
  return columns;
}

const insertTexts = new Map<string, string>();

/**
 * The multi-row INSERT of `rows` as SQL text and values, written directly (SQLite): Kysely building a
 * 2,000-row insert (a node for each value, frozen, then compiled) was about a tenth of the seeding's CPU.
 * The same statement as Kysely's, the same values bound. Null when the rows do not all have the same
 * columns or a value is undefined (Kysely builds those as before).
 */
function rawInsert(table: string, rows: Record<string, unknown>[]): CompiledQuery | null {
  const columns = Object.keys(rows[0]!);
  const values: unknown[] = [];
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return null;
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) return null;
      values.push(value);
    }
  }
  const key = `${table}(${columns.join(',')})${rows.length}`;
  let text = insertTexts.get(key);
  if (!text) {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array<string>(rows.length).fill(tuple).join(', ')}`;
    insertTexts.set(key, text);
  }
  return CompiledQuery.raw(text, values);
}

const slug = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '');

// -------------------------------------------------------------------------------------------- seeding

/** Fills the database with demo data. The caller has migrated and run seedBase (see main below). */
export async function seedDemo(database: Db, opts: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const scale = opts.scale ?? 1;
  if (!(scale > 0)) throw new Error(`--scale must be a positive number, got ${scale}`);
  const adminCount = opts.admins ?? Math.round(50 * scale);
  const areaCount = Math.round(300 * scale);
  const { db } = database;

  const existingDemo = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  const demoAdmins = Number(existingDemo?.n ?? 0);
  if (demoAdmins > 0 && !opts.force) {
    throw new DemoDataExists(
      `This database already has demo data (${demoAdmins} admins @${DEMO_EMAIL_DOMAIN}). ` +
        'Run with --force to add another batch (reference lists are only completed, never duplicated).',
    );
  }

  const faker = new Faker({ locale: [en] });
  faker.seed(opts.seed ?? 20_240_611 + demoAdmins); // a forced second run continues with other names
  const stamp = new Date().toISOString();
  const owner = await db.selectFrom('admins as a').innerJoin('roles as r', 'r.id', 'a.role_id').select('a.id').where('r.is_super', '=', 1).orderBy('a.id').executeTakeFirst();
  const ownerId = owner?.id ?? null;

  // roles and their permissions (only the missing ones)
  const haveRoles = new Set((await db.selectFrom('roles').select('name').execute()).map((r) => r.name));
  for (const [name, permissions] of ROLES) {
    if (haveRoles.has(name)) continue;
    await db.transaction().execute(async (trx) => {
      const role = await trx.insertInto('roles').values({ name, is_super: 0, created_by: ownerId, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
      const unique = [...new Set(permissions)];
      await trx.insertInto('role_permissions').values(unique.map((permission) => ({ role_id: role.id, permission }))).execute();
    });
  }
  const roleRows = await db.selectFrom('roles').select(['id', 'name', 'is_super']).execute();
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  const superRole = roleRows.find((r) => r.is_super)!;
  const weighted = [
    ...ROLES.map(([name, , weight]) => ({ value: roleId.get(name)!, weight })),
    { value: superRole.id, weight: 2 },
  ];
  log(`roles: ${ROLES.length} demo roles (a few demo admins also get the super admin role)`);

  // reference lists: insert the titles that are not there yet
  const fillTitles = async (table: 'qualifications' | 'specializations' | 'cities' | 'districts', titles: string[]) => {
    const have = new Set((await db.selectFrom(table).select('title').execute()).map((r) => r.title));
    const rows = titles.filter((t) => !have.has(t)).map((title) => ({ title, created_at: stamp, updated_at: stamp }));
    await bulkInsert(database, table, rows);
    return rows.length;
  };
  const added = {
    qualifications: await fillTitles('qualifications', QUALIFICATIONS),
    specializations: await fillTitles('specializations', SPECIALIZATIONS),
    cities: await fillTitles('cities', CITIES),
    districts: await fillTitles('districts', DISTRICTS.map((d) => d[0])),
  };
  log(`reference: ${added.qualifications} qualifications, ${added.specializations} specializations, ${added.cities} cities, ${added.districts} districts added`);

  const districtIds = new Map(
    (await db.selectFrom('districts').select(['id', 'title']).where('title', 'in', DISTRICTS.map((d) => d[0])).orderBy('id').execute()).map((d) => [d.title, d.id]),
  );
  // tehsils of each demo district (only the missing ones)
  const haveTehsils = new Set(
    (await db.selectFrom('tehsils').select(['title', 'district_id']).execute()).map((t) => `${t.district_id}:${t.title}`),
  );
  const tehsilRows = DISTRICTS.flatMap(([district, , , tehsils]) =>
    tehsils
      .map((title) => ({ title, district_id: districtIds.get(district)!, created_at: stamp, updated_at: stamp }))
      .filter((t) => !haveTehsils.has(`${t.district_id}:${t.title}`)),
  );
  await bulkInsert(database, 'tehsils', tehsilRows);
  const tehsils = await db.selectFrom('tehsils').select(['id', 'title', 'district_id']).where('district_id', 'in', [...districtIds.values()]).orderBy('id').execute();
  log(`tehsils: ${tehsilRows.length} added (${tehsils.length} in the demo districts)`);

  // VC areas: each in a tehsil of its own district, near that district's centre
  const centre = new Map(DISTRICTS.map(([name, lat, long]) => [districtIds.get(name)!, { lat, long }]));
  const areaBase = Number((await db.selectFrom('areas').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const areaRows = Array.from({ length: areaCount }, (_, i) => {
    const tehsil = faker.helpers.arrayElement(tehsils);
    const c = centre.get(tehsil.district_id)!;
    const name = `${faker.helpers.arrayElement(VC_PREFIX)} ${faker.helpers.arrayElement([...SURNAMES, ...MALE])}${faker.helpers.arrayElement(VC_SUFFIX)}`;
    return {
      title: `VC-${String(areaBase + i + 1).padStart(3, '0')} ${name}`,
      district_id: tehsil.district_id,
      tehsil_id: tehsil.id,
      lat: Math.min(37, Math.max(24, Number((c.lat + faker.number.float({ min: -0.35, max: 0.35 })).toFixed(6)))),
      long: Math.min(77, Math.max(61, Number((c.long + faker.number.float({ min: -0.35, max: 0.35 })).toFixed(6)))),
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await bulkInsert(database, 'areas', areaRows);
  log(`areas: ${areaRows.length} VC areas added`);

  // admins: one argon2 hash shared by all, spread over the roles, some blocked
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.argon2 ?? { memoryCost: 19_456, timeCost: 2 });
  const now = Date.now();
  const twoYears = 2 * 365 * 86_400_000;
  const adminRows: Record<string, unknown>[] = new Array(adminCount);
  for (let i = 0; i < adminCount; i++) {
    const n = demoAdmins + i + 1;
    const female = faker.number.int(99) < 45;
    const f_name = faker.helpers.arrayElement(female ? FEMALE : MALE);
    const l_name = faker.helpers.arrayElement(SURNAMES);
    const created = new Date(now - twoYears + Math.floor((twoYears * i) / adminCount) + faker.number.int(3_600_000)).toISOString();
    adminRows[i] = {
      f_name,
      l_name,
      email: `${slug(f_name)}.${slug(l_name)}.${n}@${DEMO_EMAIL_DOMAIN}`,
      phone: `03${faker.string.numeric(9)}`,
      cnic: `${faker.helpers.arrayElement(['3', '4', '1', '5', '6'])}${faker.string.numeric(12)}`,
      dob: faker.date.between({ from: '1965-01-01', to: '2001-12-31' }).toISOString().slice(0, 10),
      gender: female ? 'female' : 'male',
      password_hash: passwordHash,
      role_id: faker.helpers.weightedArrayElement(weighted),
      prev_role_id: null,
      status: faker.number.int(99) < 8 ? USER_STATUS.blocked : USER_STATUS.active,
      pusher_id: faker.string.uuid(),
      profile_image: null,
      created_by: ownerId,
      updated_by: ownerId,
      created_at: created,
      updated_at: created,
    };
  }
  await bulkInsert(database, 'admins', adminRows);
  log(`admins: ${adminCount} added (password "${DEMO_PASSWORD}", argon2 hash ${passwordHash})`);

  const haveInterests = new Set((await db.selectFrom('interests').select('title').execute()).map((r) => r.title));
  await bulkInsert(database, 'interests', INTERESTS.filter((title) => !haveInterests.has(title)).map((title) => ({ title, created_by: ownerId, created_at: stamp, updated_at: stamp })));

  const people = await seedPeople(database, faker, {
    patients: opts.patients ?? Math.round(1000 * scale),
    chws: opts.chws ?? Math.round(50 * scale),
    passwordHash,
    ownerId,
    log,
  });

  const care = await seedCare(database, faker, {
    doctors: opts.doctors ?? Math.max(1, Math.round(20 * scale)),
    appointments: opts.appointments ?? Math.round(10_000 * scale),
    passwordHash,
    ownerId,
    log,
  });

  const requests = await seedAppointmentRequests(database, faker, { scale, ownerId, log });

  // the one file the demo campaigns and tasks show
  if (opts.storage) await opts.storage.putAt(DEMO_FILE, Buffer.from(DEMO_PDF));
  const content = await seedContentDemo(database, { ownerId, storage: opts.storage, log });

  const programme = await seedProgramme(database, faker, {
    scale,
    submissions: opts.submissions ?? Math.round(2_000 * scale),
    knowledgeIds: content.knowledgeIds,
    ownerId,
    log,
  });

  const facilities = await seedFacilities(database, faker, { scale, ownerId, log });

  const notifications = await seedNotifications(database, { ownerId, log });
  // the landing site's content, with its images in the storage (only when it has none yet)
  if (opts.storage) await seedPromotionalDemo(database, opts.storage, log);
  // every module named above none: rows from its declaration's sample
  await seedSamples(database, ownerId, stamp, log);

  if (database.dialect === 'postgres') {
    // planner statistics and the visibility map after a bulk load, as autovacuum would leave them a
    // minute later (without them count(*) cannot use an index-only scan)
    await sql`VACUUM ANALYZE`.execute(db);
    log('VACUUM ANALYZE done');
  }

  return {
    roles: ROLES.length,
    admins: adminCount,
    qualifications: added.qualifications,
    specializations: added.specializations,
    districts: added.districts,
    tehsils: tehsilRows.length,
    areas: areaRows.length,
    cities: added.cities,
    ...people,
    ...care,
    ...programme,
    ...facilities,
    ...notifications,
    ...requests,
    categories: content.categories,
    healthLiteracy: content.healthLiteracy,
    pages: content.pages,
    faqs: content.faqs,
    passwordHash,
    ms: Date.now() - started,
  };
}

const INTERESTS = ['Nutrition', 'Vaccination', 'Maternal health', 'Child health', 'Diabetes care', 'Heart health', 'Mental health', 'Family planning', 'Hygiene and sanitation', 'Tuberculosis'];

const BLOOD = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'];
const MARITAL = ['Married', 'Unmarried', 'Divorced', 'Separated'];
const RELATION_OF = { male: ['Father', 'Son', 'Brother'], female: ['Mother', 'Wife', 'Daughter', 'Sister'] };

/**
 * Patients (each in a city, some blocked), about one family member for every two patients, and CHWs
 * each in a VC area with its tehsil and district, all rows of `users` with their profiles. Ids are
 * given explicitly so the profiles can be written in bulk too; PostgreSQL's sequence is moved past them.
 */
async function seedPeople(
  database: Db,
  faker: Faker,
  opts: { patients: number; chws: number; passwordHash: string; ownerId: number | null; log: (line: string) => void },
): Promise<{ patients: number; familyMembers: number; chws: number }> {
  const { db } = database;
  const firstId = Number((await db.selectFrom('users').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  const base = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const cities = (await db.selectFrom('cities').select('id').execute()).map((c) => c.id);
  const us = await db.selectFrom('countries').select('id').where('iso2', '=', 'US').executeTakeFirst();
  const pk = await db.selectFrom('countries').select('id').where('iso2', '=', 'PK').executeTakeFirst();
  const areas = await db.selectFrom('areas').select(['id', 'tehsil_id', 'district_id']).execute();
  const qualifications = (await db.selectFrom('qualifications').select('id').execute()).map((q) => q.id);
  const now = Date.now();
  const twoYears = 2 * 365 * 86_400_000;
  const users: Record<string, unknown>[] = [];
  const patientProfiles: Record<string, unknown>[] = [];
  const chwProfiles: Record<string, unknown>[] = [];
  let id = firstId;
  const person = (i: number, total: number) => {
    const female = faker.number.int(99) < 50;
    const f_name = faker.helpers.arrayElement(female ? FEMALE : MALE);
    const l_name = faker.helpers.arrayElement(SURNAMES);
    const dob = faker.date.between({ from: '1950-01-01', to: '2008-12-31' }).toISOString().slice(0, 10);
    const created = new Date(now - twoYears + Math.floor((twoYears * i) / Math.max(1, total)) + faker.number.int(3_600_000)).toISOString();
    return { female, f_name, l_name, dob, age: new Date(now).getUTCFullYear() - Number(dob.slice(0, 4)), created };
  };
  const patientIds: { id: number; l_name: string; city: number | null }[] = [];
  for (let i = 0; i < opts.patients; i++, id++) {
    const p = person(i, opts.patients);
    const n = base + i + 1;
    const city = cities.length ? faker.helpers.arrayElement(cities) : null;
    users.push({
      id, type: 'patient', email: `${slug(p.f_name)}.${slug(p.l_name)}.p${n}@${DEMO_EMAIL_DOMAIN}`, password_hash: opts.passwordHash,
      status: faker.number.int(99) < 5 ? USER_STATUS.blocked : USER_STATUS.active, f_name: p.f_name, l_name: p.l_name,
      phone_no: `03${faker.string.numeric(9)}`, cnic: null, dob: p.dob, age: faker.number.int(99) < 85 ? p.age : null,
      gender: p.female ? 'female' : 'male', photo: null, short_bio: null, country_id: (faker.number.int(99) < 90 ? pk : us)?.id ?? null,
      city_id: city, state: null, zipcode: null, street: `${faker.number.int({ min: 1, max: 250 })} ${faker.helpers.arrayElement(SURNAMES)} Road`,
      parent_id: null, relation: null, created_by: opts.ownerId, updated_by: opts.ownerId, created_at: p.created, updated_at: p.created,
    });
    // four in five patients have told the app where they live (what messages are sent by)
    const place = areas.length && faker.number.int(99) < 80 ? faker.helpers.arrayElement(areas) : null;
    patientProfiles.push({
      id, blood_group: faker.helpers.arrayElement(BLOOD), height: faker.number.int({ min: 140, max: 190 }), weight: faker.number.int({ min: 40, max: 110 }),
      marital_status: faker.helpers.arrayElement(MARITAL), district_id: place?.district_id ?? null, tehsil_id: place?.tehsil_id ?? null,
    });
    patientIds.push({ id, l_name: p.l_name, city });
  }
  const families = Math.round(opts.patients / 2);
  for (let i = 0; i < families; i++, id++) {
    const parent = faker.helpers.arrayElement(patientIds);
    const p = person(i, families);
    users.push({
      id, type: 'family', email: null, password_hash: null, status: USER_STATUS.active, f_name: p.f_name, l_name: parent.l_name,
      phone_no: `03${faker.string.numeric(9)}`, cnic: null, dob: p.dob, age: p.age, gender: p.female ? 'female' : 'male', photo: null, short_bio: null,
      country_id: pk?.id ?? null, city_id: parent.city, state: null, zipcode: null, street: null, parent_id: parent.id,
      relation: faker.helpers.arrayElement(RELATION_OF[p.female ? 'female' : 'male']), created_by: opts.ownerId, updated_by: opts.ownerId, created_at: p.created, updated_at: p.created,
    });
    patientProfiles.push({ id, blood_group: faker.helpers.arrayElement(BLOOD), height: null, weight: null, marital_status: faker.helpers.arrayElement(MARITAL), district_id: null, tehsil_id: null });
  }
  for (let i = 0; i < opts.chws && areas.length && qualifications.length; i++, id++) {
    const p = person(i, opts.chws);
    const area = faker.helpers.arrayElement(areas);
    users.push({
      id, type: 'chw', email: `${slug(p.f_name)}.${slug(p.l_name)}.c${base + i + 1}@${DEMO_EMAIL_DOMAIN}`, password_hash: opts.passwordHash,
      status: faker.number.int(99) < 5 ? USER_STATUS.blocked : USER_STATUS.active, f_name: p.f_name, l_name: p.l_name,
      phone_no: `03${faker.string.numeric(9)}`, cnic: `4${String(id).padStart(12, '0')}`, dob: p.dob, age: p.age,
      gender: faker.number.int(99) < 70 ? 'female' : 'male', photo: null, short_bio: null, country_id: pk?.id ?? null, city_id: null,
      state: null, zipcode: null, street: null, parent_id: null, relation: null, created_by: opts.ownerId, updated_by: opts.ownerId, created_at: p.created, updated_at: p.created,
    });
    chwProfiles.push({ id, qualification_id: faker.helpers.arrayElement(qualifications), district_id: area.district_id, tehsil_id: area.tehsil_id, area_id: area.id, joining_date: p.created.slice(0, 10) });
  }
  await bulkInsert(database, 'users', users);
  await bulkInsert(database, 'patient_profiles', patientProfiles);
  await bulkInsert(database, 'chw_profiles', chwProfiles);
  // one to three interests for each patient
  const interests = (await db.selectFrom('interests').select('id').execute()).map((r) => r.id);
  const patientInterests = interests.length
    ? patientIds.flatMap((p) => faker.helpers.arrayElements(interests, { min: 1, max: 3 }).map((interest_id) => ({ user_id: p.id, interest_id })))
    : [];
  await bulkInsert(database, 'patient_interests', patientInterests);
  if (database.dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`.execute(db);
  opts.log(`people: ${opts.patients} patients, ${families} family members, ${chwProfiles.length} CHWs added`);
  return { patients: opts.patients, familyMembers: families, chws: chwProfiles.length };
}

const DISEASES = ['Hypertension', 'Type 2 diabetes', 'Asthma', 'Tuberculosis', 'Typhoid', 'Malaria', 'Hepatitis B', 'Anaemia', 'Pneumonia', 'Gastroenteritis', 'Migraine', 'Dengue fever'];
const MEDICINES = ['Paracetamol 500 mg', 'Amoxicillin 500 mg', 'Metformin 500 mg', 'Amlodipine 5 mg', 'Salbutamol inhaler', 'ORS sachet', 'Iron + folic acid', 'Azithromycin 250 mg', 'Omeprazole 20 mg', 'Cetirizine 10 mg'];
const TIMES = ['Morning', 'Noon', 'Evening', 'Night'];
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Doctors (with a qualification and one to three specializations) and their working hours for the
 * coming week (9:00–13:00, 20-minute sessions); appointments spread over the last two years and the
 * coming month (historical ones without a slot; those ahead book a slot), mostly completed, some
 * cancelled with a reason; a medical history for one patient in five and a prescription with two or
 * three medicines for one in ten.
 */
async function seedCare(
  database: Db,
  faker: Faker,
  opts: { doctors: number; appointments: number; passwordHash: string; ownerId: number | null; log: (line: string) => void },
): Promise<{ doctors: number; appointments: number; medicalHistories: number; prescriptions: number }> {
  const { db } = database;
  const qualifications = (await db.selectFrom('qualifications').select('id').execute()).map((q) => q.id);
  const specializations = (await db.selectFrom('specializations').select('id').execute()).map((q) => q.id);
  const cities = (await db.selectFrom('cities').select('id').execute()).map((c) => c.id);
  const pk = await db.selectFrom('countries').select('id').where('iso2', '=', 'PK').executeTakeFirst();
  const patients = (await db.selectFrom('users').select('id').where('type', 'in', ['patient', 'family']).execute()).map((p) => p.id);
  if (!qualifications.length || !specializations.length || !patients.length || opts.doctors < 1) return { doctors: 0, appointments: 0, medicalHistories: 0, prescriptions: 0 };
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  let id = Number((await db.selectFrom('users').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  const base = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'doctor').executeTakeFirst())?.n ?? 0);

  // doctors
  const users: Record<string, unknown>[] = [];
  const profiles: Record<string, unknown>[] = [];
  const specs: Record<string, unknown>[] = [];
  const doctorIds: number[] = [];
  for (let i = 0; i < opts.doctors; i++, id++) {
    const female = faker.number.int(99) < 40;
    const f_name = faker.helpers.arrayElement(female ? FEMALE : MALE);
    const l_name = faker.helpers.arrayElement(SURNAMES);
    const dob = faker.date.between({ from: '1955-01-01', to: '1995-12-31' }).toISOString().slice(0, 10);
    users.push({
      id, type: 'doctor', email: `dr.${slug(f_name)}.${slug(l_name)}.d${base + i + 1}@${DEMO_EMAIL_DOMAIN}`, password_hash: opts.passwordHash,
      status: faker.number.int(99) < 4 ? USER_STATUS.blocked : USER_STATUS.active, f_name, l_name, phone_no: `03${faker.string.numeric(9)}`, cnic: null,
      dob, age: new Date(now).getUTCFullYear() - Number(dob.slice(0, 4)), gender: female ? 'female' : 'male', photo: null,
      short_bio: `${faker.number.int({ min: 3, max: 30 })} years of practice.`, country_id: pk?.id ?? null, city_id: cities.length ? faker.helpers.arrayElement(cities) : null,
      state: null, zipcode: null, street: null, parent_id: null, relation: null, created_by: opts.ownerId, updated_by: opts.ownerId, created_at: stamp, updated_at: stamp,
    });
    // a doctor's rating comes from the feedback seeded below (doctor_ratings, kept by triggers)
    profiles.push({ id, qualification_id: faker.helpers.arrayElement(qualifications) });
    for (const s of faker.helpers.arrayElements(specializations, { min: 1, max: 3 })) specs.push({ doctor_id: id, specialization_id: s });
    doctorIds.push(id);
  }
  await bulkInsert(database, 'users', users);
  await bulkInsert(database, 'doctor_profiles', profiles);
  await bulkInsert(database, 'doctor_specializations', specs);
  if (database.dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`.execute(db);

  // a week of working hours ahead for each doctor: one roster, its slots
  const week = Array.from({ length: 7 }, (_, d) => ymd(now + (d + 1) * 86_400_000));
  const times = Array.from({ length: 12 }, (_, k) => {
    const m = 9 * 60 + k * 20;
    const hhmm = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    return [hhmm(m), hhmm(m + 20)] as const;
  });
  let rosterId = Number((await db.selectFrom('duty_rosters').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  const rosters: Record<string, unknown>[] = [];
  const slots: Record<string, unknown>[] = [];
  for (const doctor of doctorIds) {
    rosters.push({ id: rosterId, doctor_id: doctor, label: 'Morning clinic', s_time: '09:00', e_time: '13:00', session: 20, charge: 1.5, total_fee: 30, dates: JSON.stringify(week), first_date: week[0], created_by: opts.ownerId, created_at: stamp, updated_at: stamp });
    for (const date of week) for (const [s_time, e_time] of times) slots.push({ roster_id: rosterId, doctor_id: doctor, date, s_time, e_time, status: 'Available', created_at: stamp, updated_at: stamp });
    rosterId++;
  }
  await bulkInsert(database, 'duty_rosters', rosters);
  await bulkInsert(database, 'duty_slots', slots);
  if (database.dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('duty_rosters', 'id'), (SELECT max(id) FROM duty_rosters))`.execute(db);

  // appointments: the past two years (no slot) and bookings of the coming week's slots
  const reasons = (await db.selectFrom('cancellation_reasons').select('id').execute()).map((r) => r.id);
  const twoYears = 2 * 365 * 86_400_000;
  const ahead = Math.min(Math.round(opts.appointments * 0.03), slots.length);
  const past = opts.appointments - ahead;
  function* pastAppointments() {
    for (let i = 0; i < past; i++) {
      const when = now - twoYears + Math.floor((twoYears * i) / Math.max(1, past));
      const [s_time, e_time] = faker.helpers.arrayElement(times);
      const cancelled = faker.number.int(99) < 8;
      yield {
        patient_id: faker.helpers.arrayElement(patients), doctor_id: faker.helpers.arrayElement(doctorIds), slot_id: null, date: ymd(when), s_time, e_time,
        status: cancelled ? 'Cancelled' : 'Completed', cancel_reason_id: cancelled && reasons.length ? faker.helpers.arrayElement(reasons) : null,
        detail: faker.helpers.arrayElement(DISEASES), created_by: opts.ownerId, created_at: new Date(when).toISOString(), updated_at: new Date(when).toISOString(),
      };
    }
  }
  // both in one load: the bookings ahead (3%) had gone in after the table's indexes and keys were made
  // again, each row checked and indexed on its own (30,000 of them 1.7 s at 100,000 patients)
  const { pastCount, booked } = await withDeferredIndexing(database, 'appointments', Infinity, async () => {
    const pastCount = await insertRows(database, 'appointments', pastAppointments());
    const open = await db.selectFrom('duty_slots').select(['id', 'doctor_id', 'date', 's_time', 'e_time']).where('doctor_id', 'in', doctorIds).where('date', 'in', week).orderBy('id').execute();
    const booked = faker.helpers.arrayElements(open, ahead);
    await insertRows(database, 'appointments', booked.map((slot) => ({
      patient_id: faker.helpers.arrayElement(patients), doctor_id: slot.doctor_id, slot_id: slot.id, date: slot.date, s_time: slot.s_time, e_time: slot.e_time,
      status: 'Booked', cancel_reason_id: null, detail: faker.helpers.arrayElement(DISEASES), created_by: opts.ownerId, created_at: stamp, updated_at: stamp,
    })));
    return { pastCount, booked };
  });
  for (let i = 0; i < booked.length; i += 500) {
    await db.updateTable('duty_slots').set({ status: 'Booked' }).where('id', 'in', booked.slice(i, i + 500).map((b) => b.id)).execute();
  }

  // clinical records
  const histories: Record<string, unknown>[] = [];
  for (const patient of patients) {
    if (faker.number.int(99) >= 20) continue;
    const from = now - faker.number.int({ min: 30, max: 700 }) * 86_400_000;
    histories.push({
      patient_id: patient, disease_name: faker.helpers.arrayElement(DISEASES), from_date: ymd(from), to_date: ymd(from + faker.number.int({ min: 7, max: 120 }) * 86_400_000),
      detail: 'Seen at the basic health unit.', reports: null, c_date: ymd(from), m_name: faker.helpers.arrayElement(MEDICINES), days: faker.number.int({ min: 3, max: 90 }),
      m_times: JSON.stringify(faker.helpers.arrayElements(TIMES, { min: 1, max: 3 })), to_be_taken: faker.helpers.arrayElement(['After Food', 'Before Food']),
      still_using: faker.helpers.arrayElement(['Yes', 'No']), note: 'Review at the next visit.', created_by: opts.ownerId, created_at: stamp, updated_at: stamp,
    });
  }
  await bulkInsert(database, 'medical_histories', histories);
  let prescriptionId = Number((await db.selectFrom('prescriptions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  const prescriptions: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (const patient of patients) {
    if (faker.number.int(99) >= 10) continue;
    const from = now - faker.number.int({ min: -10, max: 500 }) * 86_400_000;
    prescriptions.push({
      id: prescriptionId, patient_id: patient, doctor_id: faker.helpers.arrayElement(doctorIds), disease_name: faker.helpers.arrayElement(DISEASES),
      from_date: ymd(from), to_date: ymd(from + 14 * 86_400_000), detail: 'Complete the course.', created_by: opts.ownerId, created_at: stamp, updated_at: stamp,
    });
    faker.helpers.arrayElements(MEDICINES, { min: 2, max: 3 }).forEach((m_name, position) => items.push({
      prescription_id: prescriptionId, c_date: ymd(from), m_name, days: faker.number.int({ min: 3, max: 14 }), m_time: faker.helpers.arrayElement(TIMES),
      to_be_taken: 'After Food', still_using: 0, note: 'As directed', position,
    }));
    prescriptionId++;
  }
  await bulkInsert(database, 'prescriptions', prescriptions);
  await bulkInsert(database, 'prescription_items', items);
  if (database.dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('prescriptions', 'id'), (SELECT max(id) FROM prescriptions))`.execute(db);
  opts.log(`care: ${doctorIds.length} doctors with a week of slots, ${pastCount + booked.length} appointments (${booked.length} booked ahead), ${histories.length} medical histories, ${prescriptions.length} prescriptions`);
  return { doctors: doctorIds.length, appointments: pastCount + booked.length, medicalHistories: histories.length, prescriptions: prescriptions.length };
}

const REQUESTS = [
  'Fever for three days, need to see a doctor.', 'Follow-up for my blood pressure medicine.', 'My child has a cough and a runny nose.',
  'Check-up in the seventh month of pregnancy.', 'Pain in the lower back for two weeks.', 'Sugar readings are high since last week.',
  'Skin rash on the arms.', 'Need a refill of my asthma inhaler.',
];
const EMERGENCIES = ['Chest pain since the morning.', 'High fever and fits in my son.', 'Heavy bleeding in pregnancy.', 'Difficulty breathing.'];

/**
 * Appointment requests from the patient app (200·scale): most already handled by the booking staff
 * made for them (linked to that appointment, of the patient or a family member of theirs, with the
 * audit entries the app's request and the booking leave), the rest still open, recent ones; about one in
 * eight an emergency.
 */
async function seedAppointmentRequests(database: Db, faker: Faker, opts: { scale: number; ownerId: number | null; log: (line: string) => void }): Promise<{ appointmentRequests: number }> {
  const { db } = database;
  const count = Math.max(10, Math.round(200 * opts.scale));
  const handledCount = Math.round(count * 0.6);
  // the latest appointments (the bookings ahead, then the most recent visits), every third one
  const latest = await db.selectFrom('appointments as a').innerJoin('users as u', 'u.id', 'a.patient_id')
    .select(['a.id', 'a.created_at', 'a.patient_id', 'u.parent_id'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('appointment_requests as r').select('r.id').whereRef('r.appointment_id', '=', 'a.id'))))
    .orderBy('a.id', 'desc').limit(handledCount * 3).execute();
  const handled = latest.filter((_, i) => i % 3 === 0);
  const patients = (await db.selectFrom('users').select('id').where('type', '=', 'patient').where('status', '=', USER_STATUS.active).orderBy('id').limit(5000).execute()).map((u) => u.id);
  if (!patients.length) return { appointmentRequests: 0 };
  const now = Date.now();
  const rows: Record<string, unknown>[] = [];
  const detail = (emergency: boolean) => faker.helpers.arrayElement(emergency ? EMERGENCIES : REQUESTS);
  for (const a of handled) {
    const booked = Date.parse(a.created_at);
    const at = new Date(booked - faker.number.int({ min: 1, max: 48 }) * 3_600_000).toISOString();
    const emergency = faker.number.int(99) < 12;
    rows.push({ patient_id: a.parent_id ?? a.patient_id, detail: detail(emergency), is_emergency: emergency ? 1 : 0, dated_at: at.slice(0, 10), appointment_id: a.id, handled_at: a.created_at, created_at: at, updated_at: a.created_at });
  }
  while (rows.length < count) {
    const at = new Date(now - faker.number.int({ min: 0, max: 10 * 24 * 60 }) * 60_000).toISOString();
    const emergency = faker.number.int(99) < 12;
    rows.push({ patient_id: faker.helpers.arrayElement(patients), detail: detail(emergency), is_emergency: emergency ? 1 : 0, dated_at: at.slice(0, 10), appointment_id: null, handled_at: null, created_at: at, updated_at: at });
  }
  rows.sort((x, y) => String(x.created_at).localeCompare(String(y.created_at)));
  const first = Number((await db.selectFrom('appointment_requests').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  rows.forEach((r, i) => (r.id = first + i));
  await bulkInsert(database, 'appointment_requests', rows);
  if (database.dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('appointment_requests', 'id'), (SELECT max(id) FROM appointment_requests))`.execute(db);
  // what the app's request and the staff's booking write to the audit log
  const audits: Record<string, unknown>[] = [];
  for (const r of rows) {
    audits.push({ actor_id: null, action: 'field_create', resource: 'appointment-requests', record_id: r.id, changes: JSON.stringify({ patient_id: r.patient_id, detail: r.detail, is_emergency: r.is_emergency, dated_at: r.dated_at }), ip: '127.0.0.1', request_id: null, created_at: r.created_at });
    if (r.handled_at) audits.push({ actor_id: opts.ownerId, action: 'handled', resource: 'appointment-requests', record_id: r.id, changes: JSON.stringify({ appointment_id: r.appointment_id, handled_at: r.handled_at }), ip: '127.0.0.1', request_id: null, created_at: r.handled_at });
  }
  await bulkInsert(database, 'audit_log', audits);
  opts.log(`appointment requests: ${rows.length} (${handled.length} handled by a booking, ${rows.filter((r) => r.is_emergency).length} emergencies)`);
  return { appointmentRequests: rows.length };
}

/** a one-page PDF under storage/ that the demo campaigns and tasks point at */
const DEMO_FILE = 'campaigns/demo-campaign.pdf';
const DEMO_PDF = [
  '%PDF-1.4',
  '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
  '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
  '4 0 obj<</Length 58>>stream\nBT /F1 24 Tf 72 760 Td (Demo campaign leaflet) Tj ET\nendstream endobj',
  '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
  'trailer<</Root 1 0 R>>',
  '%%EOF',
].join('\n');

const TASK_TITLE: Record<string, string> = { Survey: 'Survey round', Campaign: 'Campaign duty', Booking: 'Book appointments', Knowledge: 'Share health lessons', General: 'Household visits' };
const CAMPAIGNS = ['Polio drive', 'Measles catch-up', 'Dengue awareness', 'Iron and folic acid week', 'Clean water', 'Breastfeeding week', 'TB screening', 'Hepatitis screening'];
/** survey forms: [title, questions [title, type, required, options]] — text, radio and date questions */
const FORMS: [string, [string, 'text' | 'radio' | 'date', boolean, string[]][]][] = [
  ['Household survey', [['Head of household', 'text', true, []], ['Members in the household', 'text', true, []], ['Drinking water source', 'radio', true, ['Tap', 'Hand pump', 'Well', 'Tanker']], ['Date of visit', 'date', true, []]]],
  ['Child immunisation check', [['Child\'s name', 'text', true, []], ['Card seen', 'radio', true, ['Yes', 'No']], ['Last vaccine date', 'date', false, []], ['Notes', 'text', false, []]]],
  ['Antenatal visit', [['Mother\'s name', 'text', true, []], ['Trimester', 'radio', true, ['First', 'Second', 'Third']], ['Expected delivery date', 'date', true, []]]],
  ['Dengue larvae survey', [['Containers checked', 'text', true, []], ['Larvae found', 'radio', true, ['Yes', 'No']], ['Date of visit', 'date', true, []]]],
];

/**
 * Programme work: campaigns in the demo districts, survey forms, tasks for the CHWs of a tehsil (most
 * of them surveys, each CHW with a status of their own), survey submissions from those CHWs (the bulk
 * of the rows: 2,000·scale), and messages to patients with their recipients resolved as the server
 * does it (tehsil, interest, age).
 */
async function seedProgramme(
  database: Db,
  faker: Faker,
  opts: { scale: number; submissions: number; knowledgeIds: number[]; ownerId: number | null; log: (line: string) => void },
): Promise<{ campaigns: number; forms: number; tasks: number; submissions: number; messages: number }> {
  const { db } = database;
  const none = { campaigns: 0, forms: 0, tasks: 0, submissions: 0, messages: 0 };
  const chws = await db
    .selectFrom('users as u')
    .innerJoin('chw_profiles as p', 'p.id', 'u.id')
    .select(['u.id', 'p.district_id', 'p.tehsil_id'])
    .where('u.type', '=', 'chw')
    .where('u.status', '=', USER_STATUS.active)
    .execute();
  if (!chws.length) return none;
  const byTehsil = new Map<number, number[]>();
  for (const c of chws) byTehsil.set(c.tehsil_id, [...(byTehsil.get(c.tehsil_id) ?? []), c.id]);
  const places = [...byTehsil.keys()].map((tehsil_id) => ({ tehsil_id, district_id: chws.find((c) => c.tehsil_id === tehsil_id)!.district_id }));
  const now = Date.now();
  const stampAt = (ms: number) => new Date(ms).toISOString();
  const ymd = (ms: number) => stampAt(ms).slice(0, 10);
  const file = DEMO_FILE;

  // campaigns: past, running and coming ones
  const campaignRows = Array.from({ length: Math.max(4, Math.round(5 * opts.scale)) }, (_, i) => {
    const place = faker.helpers.arrayElement(places);
    const start = now + faker.number.int({ min: -120, max: 60 }) * 86_400_000;
    const created = stampAt(Math.min(now, start - 7 * 86_400_000));
    return {
      title: `${faker.helpers.arrayElement(CAMPAIGNS)} ${2026 + Math.floor(i / CAMPAIGNS.length)}`, start_date: ymd(start), end_date: ymd(start + faker.number.int({ min: 3, max: 21 }) * 86_400_000),
      district_id: place.district_id, tehsil_id: place.tehsil_id, file, status: USER_STATUS.active, created_by: opts.ownerId, created_at: created, updated_at: created,
    };
  });
  await bulkInsert(database, 'campaigns', campaignRows);
  const campaigns = (await db.selectFrom('campaigns').select('id').orderBy('id', 'desc').limit(campaignRows.length).execute()).map((c) => c.id);

  // survey forms and their questions
  const forms: { id: number; questions: { id: number; title: string; type: string; options: string[]; required: boolean }[] }[] = [];
  for (const [title, questions] of FORMS) {
    const created = stampAt(now - 200 * 86_400_000);
    // (a forced second run keeps the forms it made: titles are unique; its new tasks ask the same ones)
    const kept = await db.selectFrom('dynamic_forms').select('id').where('title', '=', title).executeTakeFirst();
    const form = kept ?? await db.insertInto('dynamic_forms').values({ title, status: USER_STATUS.active, version: 1, submissions_count: 0, created_by: opts.ownerId, created_at: created, updated_at: created }).returning('id').executeTakeFirstOrThrow();
    const rows = questions.map(([qTitle, type, required, options], position) => ({ form_id: form.id, title: qTitle, type, is_required: required ? 1 : 0, options: JSON.stringify(options), position, version: 1, retired_at: null }));
    if (!kept) await db.insertInto('form_questions').values(rows).execute();
    const stored = await db.selectFrom('form_questions').select(['id', 'type', 'options', 'is_required']).where('form_id', '=', form.id).orderBy('position').execute();
    forms.push({ id: form.id, questions: stored.map((q, i) => ({ id: q.id, title: questions[i]![0], type: q.type, options: JSON.parse(q.options) as string[], required: Boolean(q.is_required) })) });
  }

  // tasks: three in four are surveys; each given to up to five CHWs of its tehsil
  const taskCount = Math.max(10, Math.round(50 * opts.scale));
  const taskRows: Record<string, unknown>[] = [];
  for (let i = 0; i < taskCount; i++) {
    const place = faker.helpers.arrayElement(places);
    const start = now + faker.number.int({ min: -150, max: 20 }) * 86_400_000;
    const type = faker.helpers.weightedArrayElement([
      { value: 'Survey', weight: 15 }, { value: 'Campaign', weight: 2 }, { value: 'General', weight: 2 }, { value: 'Booking', weight: 1 },
      ...(opts.knowledgeIds.length ? [{ value: 'Knowledge', weight: 2 }] : []),
    ]);
    const created = stampAt(Math.min(now, start - 86_400_000));
    taskRows.push({
      title: `${TASK_TITLE[type]} ${i + 1}`,
      type, survey_id: type === 'Survey' ? faker.helpers.arrayElement(forms).id : null, campaign_id: type === 'Campaign' ? faker.helpers.arrayElement(campaigns) : null,
      knowledge_id: type === 'Knowledge' ? faker.helpers.arrayElement(opts.knowledgeIds) : null,
      note: type === 'General' ? 'Visit every household in the lane and note who needs a follow-up.' : null,
      s_date: ymd(start), e_date: ymd(start + faker.number.int({ min: 7, max: 45 }) * 86_400_000), district_id: place.district_id, tehsil_id: place.tehsil_id,
      desc: null, file, status: USER_STATUS.active, created_by: opts.ownerId, created_at: created, updated_at: created,
    });
  }
  await bulkInsert(database, 'tasks', taskRows);
  const tasks = await db.selectFrom('tasks').select(['id', 'type', 'survey_id', 'tehsil_id', 's_date']).orderBy('id', 'desc').limit(taskCount).execute();
  // every demo campaign and task holds the one leaflet (served while any of them does)
  await registerHolds(db, [
    ...campaigns.map((id) => ({ path: file, table: 'campaigns', id, column: 'file' })),
    ...tasks.map((t) => ({ path: file, table: 'tasks', id: t.id, column: 'file' })),
  ]);
  const assignees: { task_id: number; user_id: number; status: string; desc: string | null; updated_at: string }[] = [];
  for (const t of tasks) {
    const people = faker.helpers.arrayElements(byTehsil.get(t.tehsil_id) ?? [], { min: 1, max: 5 });
    for (const user_id of people) assignees.push({ task_id: t.id, user_id, status: 'Pending', desc: null, updated_at: stampAt(now) });
  }

  // submissions of the survey tasks, by their CHWs; each completes its CHW's task
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  const surveyAssignees = assignees.filter((a) => taskById.get(a.task_id)?.type === 'Survey');
  const formById = new Map(forms.map((f) => [f.id, f]));
  const firstSubmission = Number((await db.selectFrom('form_submissions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  // made and written a block at a time (a million patients' programme has 2,000,000 submissions and
  // about five times as many answers); the assignees' statuses they complete are written after them
  let submissions: Record<string, unknown>[] = [];
  let answers: Record<string, unknown>[] = [];
  let submitted = 0;
  const counts = new Map<number, number>();
  let answered = 0;
  const writeBlock = async () => {
    await insertRows(database, 'form_submissions', submissions);
    answered += await insertRows(database, 'form_answers', answers);
    submissions = [];
    answers = [];
  };
  const total = surveyAssignees.length ? opts.submissions : 0;
  await withDeferredIndexing(database, 'form_submissions', total, () => withDeferredIndexing(database, 'form_answers', total, async () => {
    for (let i = 0; i < opts.submissions && surveyAssignees.length; i++) {
      const a = surveyAssignees[i % surveyAssignees.length]!;
      const task = taskById.get(a.task_id)!;
      const form = formById.get(task.survey_id!)!;
      const at = Math.min(now, Date.parse(`${task.s_date}T08:00:00Z`) + faker.number.int({ min: 0, max: 30 * 86_400_000 }));
      const id = firstSubmission + i;
      submissions.push({ id, form_id: form.id, task_id: task.id, user_id: a.user_id, client_id: `demo-${id}`, form_version: 1, submitted_at: stampAt(at), created_at: stampAt(at) });
      submitted++;
      for (const q of form.questions) {
        if (!q.required && faker.number.int(99) < 40) continue;
        const value = q.type === 'radio' ? faker.helpers.arrayElement(q.options) : q.type === 'date' ? ymd(at) : q.type === 'text' && /Members|Containers/.test(q.title) ? String(faker.number.int({ min: 1, max: 12 })) : q.title === 'Notes' ? 'Seen at home.' : faker.helpers.arrayElement([...MALE, ...FEMALE]);
        answers.push({ submission_id: id, question_id: q.id, value });
      }
      counts.set(form.id, (counts.get(form.id) ?? 0) + 1);
      a.status = 'Completed';
      a.updated_at = stampAt(at);
      if (submissions.length >= 20_000) await writeBlock();
    }
    if (submissions.length) await writeBlock();
  }));
  for (const a of assignees) if (a.status === 'Pending' && faker.number.int(99) < 30) a.status = 'In Progress';
  await bulkInsert(database, 'task_assignees', assignees);
  for (const [formId, n] of counts) await db.updateTable('dynamic_forms').set({ submissions_count: n }).where('id', '=', formId).execute();
  if (database.dialect === 'postgres' && submitted) await sql`SELECT setval(pg_get_serial_sequence('form_submissions', 'id'), (SELECT max(id) FROM form_submissions))`.execute(db);
  opts.log(`programme: ${campaigns.length} campaigns, ${forms.length} survey forms, ${tasks.length} tasks (${assignees.length} CHW assignments), ${submitted} survey submissions with ${answered} answers`);

  // messages to patients, recipients resolved as the server does
  const interests = (await db.selectFrom('interests').select('id').execute()).map((r) => r.id);
  const messageCount = Math.max(3, Math.round(2 * opts.scale));
  let recipients = 0;
  const messages: { id: number; from_age: number | null; to_age: number | null }[] = [];
  // about one patient in 250 gets each message (one tehsil of 60, then their interests and ages)
  const patientCount = Number((await db.selectFrom('row_counts').select('n').where('table_name', '=', 'users:patient').executeTakeFirst())?.n ?? 0);
  await withDeferredIndexing(database, 'user_message_recipients', Math.round((messageCount * patientCount) / 250), async () => {
    for (let i = 0; i < messageCount && interests.length; i++) {
      const place = faker.helpers.arrayElement(places);
      const type = faker.helpers.arrayElement(opts.knowledgeIds.length ? (['General', 'Survey', 'Booking', 'Knowledge'] as const) : (['General', 'Survey', 'Booking'] as const));
      const created = stampAt(now - faker.number.int({ min: 1, max: 90 }) * 86_400_000);
      const ages = faker.number.int(99) < 50 ? { from_age: 18, to_age: faker.helpers.arrayElement([45, 60, 80]) } : { from_age: null, to_age: null };
      const message = await db.insertInto('user_messages').values({
        type, title: faker.helpers.arrayElement(['Vaccination days this week', 'Free eye camp', 'Clean water reminder', 'Heat wave advice', 'Iron tablets at the BHU']),
        survey_id: type === 'Survey' ? faker.helpers.arrayElement(forms).id : null, knowledge_id: type === 'Knowledge' ? faker.helpers.arrayElement(opts.knowledgeIds) : null, text: type === 'General' ? 'Visit your nearest health unit this week.' : null,
        ...ages, district_id: place.district_id, tehsil_id: place.tehsil_id, status: USER_STATUS.active, total_users: 0, created_by: opts.ownerId, created_at: created, updated_at: created,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('user_message_interests').values(faker.helpers.arrayElements(interests, { min: 1, max: 3 }).map((interest_id) => ({ message_id: message.id, interest_id }))).execute();
      messages.push({ id: message.id, ...ages });
    }
    // all their recipients at once, as resolveRecipients would pick them (demo-seed.test.ts holds that it finds nothing to change)
    await db.transaction().execute(async (trx) => {
      // PostgreSQL joins and sorts millions of pairs at a million patients: memory to do it in
      if (database.dialect === 'postgres') await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
      recipients = await storeRecipientsOfNewMessages(trx, messages);
    });
  });
  opts.log(`messages: ${messageCount} messages to patients, ${recipients} recipients`);
  return { campaigns: campaigns.length, forms: forms.length, tasks: tasks.length, submissions: submitted, messages: messageCount };
}

/**
 * Sent notifications as the send route stores them (the audience counted, status sending, an audit
 * entry), their copies stored by the server's own fan-out (services/fanOut.ts), so the count each shows
 * is the copies really stored: to every active admin's bell, and to the doctors' and patients' inboxes.
 * The older admin notices are marked read.
 */
async function seedNotifications(
  database: Db,
  opts: { ownerId: number | null; log: (line: string) => void },
): Promise<{ notifications: number; notificationCopies: number }> {
  const { db } = database;
  const fanOut = new NotificationFanOut({ db, realtime: null });
  const now = Date.now();
  const sends = [
    ...DEMO_NOTICES.map((n) => ({ to: 'admin' as const, ...n })),
    ...FIELD_NOTICES,
  ];
  const ids: number[] = [];
  const audits: Record<string, unknown>[] = [];
  for (const [i, notice] of sends.entries()) {
    const at = new Date(now - (sends.length - i) * 86_400_000 + (i % 3) * 3_600_000).toISOString();
    const recipients = await fanOut.audienceSize(notice.to);
    const sent = await db.insertInto('sent_notifications').values({
      send_to: notice.to, channel: CHANNEL_OF[notice.to], title: notice.title, body: notice.body, recipients, delivered: 0,
      status: recipients > 0 ? 'sending' : 'sent', sent_by: opts.ownerId, created_at: at, updated_at: at, district_ids: null,
    }).returning('id').executeTakeFirstOrThrow();
    audits.push({ actor_id: opts.ownerId, action: 'send', resource: 'notifications', record_id: sent.id, changes: JSON.stringify({ sendTo: notice.to, channel: CHANNEL_OF[notice.to], title: notice.title, recipients }), ip: '127.0.0.1', request_id: null, created_at: at });
    if (recipients > 0) fanOut.start(sent.id);
    ids.push(sent.id);
  }
  await fanOut.idle();
  await bulkInsert(database, 'audit_log', audits);
  const read = ids.slice(0, DEMO_NOTICES.length - 2);
  if (read.length) await db.updateTable('admin_notifications').set({ is_read: 1 }).where('sent_notification_id', 'in', read).execute();
  const delivered = await db.selectFrom('sent_notifications').select((eb) => eb.fn.sum<number>('delivered').as('n')).where('id', 'in', ids).executeTakeFirst();
  const copies = Number(delivered?.n ?? 0);
  opts.log(`notifications: ${sends.length} sent (${DEMO_NOTICES.length} to admins, ${FIELD_NOTICES.length} to doctors and patients), ${copies} copies stored by the fan-out`);
  return { notifications: sends.length, notificationCopies: copies };
}

/** Migrate, base seed, then demo data: what `npm run seed:demo` and the benchmark both do. */
const SERVICES = ['Vaccination', 'Mother and child health', 'Family planning', 'General OPD', 'Laboratory', 'Dental care', 'TB screening', 'Nutrition counselling'];
const FEEDBACK_TEXTS = [
  'The doctor listened carefully and explained every medicine.',
  'Waited a long time past my appointment.',
  'Very kind and on time.',
  'The video call dropped twice but the advice was good.',
  'Clear instructions, I feel much better now.',
];
const SUPPORT_TEXTS = ['The app does not sync my submissions.', 'I cannot change my phone number.', 'My appointment does not show in the app.', 'How do I add a family member?'];

/**
 * Facility centers in the demo tehsils (at a VC area's position, with their services), and what the
 * apps send in: patients' feedback on doctors and support requests from patients and CHWs, some
 * already reviewed or answered.
 */
async function seedFacilities(
  database: Db,
  faker: Faker,
  opts: { scale: number; ownerId: number | null; log: (line: string) => void },
): Promise<{ facilityCenters: number; feedbacks: number; supports: number }> {
  const { db } = database;
  const stamp = new Date().toISOString();
  const areas = await db.selectFrom('areas').select(['id', 'title', 'district_id', 'tehsil_id', 'lat', 'long']).orderBy('id').limit(Math.max(1, Math.round(12 * opts.scale))).execute();
  const centers = areas.map((a, i) => ({
    title: `${i % 3 === 0 ? 'Rural Health Centre' : 'Basic Health Unit'} ${a.title}`, district_id: a.district_id, tehsil_id: a.tehsil_id, area_id: a.id,
    phone_no: `042${faker.string.numeric(8)}`, lat: a.lat, long: a.long, location: `${faker.number.int({ min: 1, max: 200 })} Main Road, ${a.title}`,
    manager: `Dr. ${faker.helpers.arrayElement(FEMALE)} ${faker.helpers.arrayElement(SURNAMES)}`, open_time: faker.helpers.arrayElement(['08:00', '08:30', '09:00']),
    close_time: faker.helpers.arrayElement(['14:00', '16:00', '20:00']), file: null, status: i % 10 === 9 ? USER_STATUS.blocked : USER_STATUS.active,
    created_by: opts.ownerId, created_at: stamp, updated_at: stamp,
  }));
  await bulkInsert(database, 'facility_centers', centers);
  const centerIds = (await db.selectFrom('facility_centers').select('id').orderBy('id', 'desc').limit(centers.length).execute()).map((c) => c.id);
  await bulkInsert(database, 'facility_center_services', centerIds.flatMap((facility_center_id) =>
    faker.helpers.arrayElements(SERVICES, { min: 2, max: 5 }).map((title, position) => ({ facility_center_id, title, position }))));

  const patients = (await db.selectFrom('users').select('id').where('type', '=', 'patient').limit(2000).execute()).map((u) => u.id);
  const doctors = (await db.selectFrom('users').select('id').where('type', '=', 'doctor').execute()).map((u) => u.id);
  const chws = (await db.selectFrom('users').select('id').where('type', '=', 'chw').limit(500).execute()).map((u) => u.id);
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000 - faker.number.int(86_400_000)).toISOString();
  // three in five rate a completed appointment (the patient's, or a family member's, with its doctor: at most
  // one rating an appointment); the others are about a doctor in general
  const feedbackCount = Math.round(200 * opts.scale);
  const visits = await db.selectFrom('appointments as a').innerJoin('users as u', 'u.id', 'a.patient_id')
    .select(['a.id', 'a.doctor_id', 'a.date', 'a.patient_id', 'u.parent_id']).where('a.status', '=', 'Completed')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('feedbacks as f').select('f.id').whereRef('f.appointment_id', '=', 'a.id'))))
    .orderBy('a.id', 'desc').limit(Math.round(feedbackCount * 0.6)).execute();
  const feedbacks = patients.length && doctors.length
    ? Array.from({ length: feedbackCount }, (_, i) => {
        const visit = visits[i];
        const at = visit ? new Date(Math.min(Date.now(), Date.parse(`${visit.date}T18:00:00Z`) + faker.number.int(2 * 86_400_000))).toISOString() : ago(faker.number.int(180));
        const reviewed = faker.number.int(99) < 40;
        return { user_id: visit ? visit.parent_id ?? visit.patient_id : faker.helpers.arrayElement(patients), doctor_id: visit ? visit.doctor_id : faker.helpers.arrayElement(doctors), appointment_id: visit?.id ?? null,
          msg: faker.helpers.arrayElement(FEEDBACK_TEXTS), rating: faker.number.int({ min: 1, max: 5 }),
          dated_at: at, status: reviewed ? 'Reviewed' : 'New', note: reviewed ? 'Shared with the doctor.' : null, created_at: at, updated_at: at };
      })
    : [];
  await bulkInsert(database, 'feedbacks', feedbacks);
  const askers = [...patients.slice(0, 200), ...chws];
  const supports = askers.length
    ? Array.from({ length: Math.round(50 * opts.scale) }, () => {
        const at = ago(faker.number.int(90));
        const answered = faker.number.int(99) < 50;
        return { user_id: faker.helpers.arrayElement(askers), msg: faker.helpers.arrayElement(SUPPORT_TEXTS), status: answered ? 'Resolved' : 'Open',
          reply: answered ? 'Please update the app and sign in again.' : null, replied_at: answered ? at : null, created_at: at, updated_at: at };
      })
    : [];
  await bulkInsert(database, 'supports', supports);
  opts.log(`facilities: ${centers.length} facility centers, ${feedbacks.length} feedbacks (${Math.min(visits.length, feedbacks.length)} rating an appointment), ${supports.length} support requests`);
  return { facilityCenters: centers.length, feedbacks: feedbacks.length, supports: supports.length };
}

export async function prepareAndSeedDemo(config: Config, opts: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const database = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
    // a bulk load's page cache: 1 GiB instead of SQLite's 2 MiB (the indexes made again at the end sort in it)
    if (database.dialect === 'sqlite') await sql`PRAGMA cache_size = -1048576`.execute(database.db);
    const base = await seedBase(database, config);
    if (base.generatedPassword) opts.log?.(`first super admin ${base.adminEmail} created with password ${base.generatedPassword} (shown once)`);
    // the demo's files go to DATA_DIR/storage or the bucket, as the server keeps them
    return await seedDemo(database, { argon2: config.argon2, storage: createStorage(config), ...opts });
  } finally {
    await database.destroy();
  }
}

function parseArgs(argv: string[]): { scale: number; force: boolean } {
  let scale = 1;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--force') force = true;
    else if (arg === '--scale' || arg.startsWith('--scale=')) {
      const raw = arg.includes('=') ? arg.slice(8) : argv[++i];
      scale = Number(raw);
      if (!(scale > 0)) throw new ConfigError(`--scale must be a positive number, got "${raw ?? ''}"`);
    } else if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run seed:demo -- [--scale N] [--force]');
      process.exit(0);
    } else throw new ConfigError(`unknown argument "${arg}" (usage: npm run seed:demo -- [--scale N] [--force])`);
  }
  return { scale, force };
}

if (require.main === module) {
  (async () => {
    const { scale, force } = parseArgs(process.argv.slice(2));
    const config = loadConfig();
    const where = config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@') : `${config.dataDir}/app.db`;
    console.log(`Seeding demo data (scale ${scale}) into ${where}`);
    const started = Date.now();
    const r = await prepareAndSeedDemo(config, { scale, force, log: (line) => console.log(`  [${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`) });
    console.log(`Done in ${(r.ms / 1000).toFixed(2)} s. Demo admins sign in with "${DEMO_PASSWORD}" (e.g. any *@${DEMO_EMAIL_DOMAIN}).`);
  })().catch((err: unknown) => {
    if (err instanceof DemoDataExists || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  });
}

