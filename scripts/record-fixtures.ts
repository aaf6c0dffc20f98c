/**
 * `npm run record-fixtures`: builds the real server (buildApp on a throwaway SQLite data dir, as the
 * server tests do), makes the calls the console's data provider makes, and writes the answers to
 * src/test/recorded-api.json, which the providers' unit tests replay. Times, tokens, pusher ids,
 * signatures and stored file names are replaced by fixed stand-ins of the same type, the clock starts at
 * a fixed instant (`recordingClock`) and each module's sample has a number of its own (`sampleNumbers`), so a
 * rerun writes the same file and a new module adds its own calls without changing another's; encrypted ids
 * are kept as recorded (a fixed APP_KEY makes them stable).
 * server/test/recorded-fixtures.test.ts records again in memory and holds the committed file to the
 * shapes the server answers now.
 */
import { KindGuard } from '@sinclair/typebox';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { ResourceName } from '../contract/resources';
import type { Presented } from '../server/src/http/resource';
import { registry } from '../server/src/resources/registry';
import type { Mail } from '../server/src/services/mail';
import { multipart, tinyPng } from '../server/test/helpers/http';

export const FIXTURES_FILE = join(__dirname, '..', 'src', 'test', 'recorded-api.json');

/** The API base of the console (contract/api.ts); recorded paths start after it. */
const API = '/api/admin';
const ADMIN_EMAIL = 'amina@example.org';
const ADMIN_PASSWORD = 'Recorded-password-1';
const SUB_PASSWORD = 'Sub-admin-password-1';
/** Links the server writes start with PUBLIC_URL. */
export const PUBLIC_URL = 'http://console.example.org';
/** The stand-in of every timestamp. */
export const RECORDED_TIME = '2026-01-15T09:30:00.000Z';
/**
 * The instant the recording's clock starts at: the day it was set, so what the samples date from it (an
 * appointment, a roster's days) is as it was when the recording before it was made; not ahead of the real
 * clock (the stored uploads' file times are real, and one older than its allowance is swept).
 */
export const RECORDING_CLOCK = '2026-11-28T09:30:00.000Z';

export interface RecordedCall {
  request: { method: string; path: string; body?: unknown };
  status: number;
  body: unknown;
}

export interface RecordedFixtures {
  recordedWith: string;
  calls: Record<string, RecordedCall>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Call {
  method: Method;
  path: string;
  token?: string | null;
  /** JSON body, or a multipart one (recorded as its text fields) */
  body?: Record<string, unknown>;
  form?: Record<string, string | { filename: string; contentType: string; data: Buffer }>;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The stand-in of a volatile value first met here: `prefix-N`, numbered in the order met (the same on every run). */
function standIn(replacements: Map<string, string>, volatile: string, prefix: string): string {
  const known = replacements.get(volatile);
  if (known) return known;
  const stand = `${prefix}-${[...replacements.values()].filter((v) => v.startsWith(`${prefix}-`)).length + 1}`;
  replacements.set(volatile, stand);
  return stand;
}

/** Replaces what changes from run to run with fixed stand-ins of the same type. */
function normalise(value: unknown, replacements: Map<string, string>, key = ''): unknown {
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return RECORDED_TIME;
    // a channel signature is the app key, a colon and an HMAC of the socket id and channel name
    if (key === 'auth' && value.includes(':')) return `${value.split(':')[0]}:recorded-signature`;
    // the records made from samples: a pusher id (a fresh UUID), an email made unique by the time, stored files' random names
    if (key === 'pusher_id' && UUID.test(value)) return standIn(replacements, value, 'recorded-pusher-id-sample');
    let text = value;
    for (const [volatile, stand] of replacements) text = text.split(volatile).join(stand);
    text = text.replace(/(?<=\.)\d{13}(?=@example\.org$)/, 'recorded');
    text = text.replace(/(?<![0-9a-f])[0-9a-f]{32}(?=\.\w+$)/, (name) => standIn(replacements, name, 'recorded-file'));
    // a signed export or file link carries its claim (with an expiry time) and signature in the path
    return text
      .replace(/\/exports\/[\w-]+\.[\w-]+/g, '/exports/recorded-claim.recorded-signature')
      .replace(/\/files\/[\w-]+\.[\w-]+$/, '/files/recorded-claim.recorded-signature');
  }
  if (Array.isArray(value)) return value.map((item) => normalise(item, replacements, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, replacements, k)]));
  }
  return value;
}

/**
 * Each module's sample number, from its name: past the samples taken first (whose unique values, emails and
 * titles, must not repeat), different for each module, and the same whatever modules are added before it, so
 * that a new module changes the recording of no other.
 */
export function sampleNumbers(names: readonly string[]): Map<string, number> {
  const numbers = new Map<string, number>();
  const taken = new Set<number>();
  for (const name of [...names].sort()) {
    let n = 101 + (createHash('sha256').update(name).digest().readUInt32BE(0) % 500);
    while (taken.has(n)) n = n === 600 ? 101 : n + 1;
    taken.add(n);
    numbers.set(name, n);
  }
  return numbers;
}

/**
 * The clock of a recording: it starts at `at` and moves on by whole minutes only, so what the server and the
 * samples take from it (a CHW's CNIC from its milliseconds, dates some days from now) is the same on every
 * run; time still passes, so a wait for a deadline ends. Returns the function that gives the real clock back.
 */
export function recordingClock(at: string): () => void {
  const RealDate = Date;
  const started = RealDate.now();
  const now = () => RealDate.parse(at) + Math.floor((RealDate.now() - started) / 60_000) * 60_000;
  const RecordingDate = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length ? args : [now()], new.target) as Date;
  } as unknown as DateConstructor;
  Object.setPrototypeOf(RecordingDate, RealDate);
  Object.defineProperty(RecordingDate, 'prototype', { value: RealDate.prototype });
  Object.defineProperty(RecordingDate, 'now', { value: now });
  globalThis.Date = RecordingDate;
  return () => {
    globalThis.Date = RealDate;
  };
}

/** Records every call of the console's data provider (and of the sign-in screens) against a fresh server. */
export async function recordApiFixtures(): Promise<RecordedFixtures> {
  const realClock = recordingClock(RECORDING_CLOCK);
  try {
    return await recordWithClock();
  } finally {
    realClock();
  }
}

async function recordWithClock(): Promise<RecordedFixtures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-fixtures-'));
  const mails: Mail[] = [];
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      APP_KEY: `base64:${Buffer.alloc(32, 11).toString('base64')}`,
      PUBLIC_URL,
    },
    { databaseUrl: null, consoleDir: null, argon2: { memoryCost: 1024, timeCost: 1 } },
  );
  const { app }: { app: FastifyInstance } = await buildApp(config, {
    logger: false,
    mailer: { send: async (mail) => void mails.push(mail), close: () => undefined },
  });
  /** volatile text (tokens, pusher ids, names of stored files) → its stand-in */
  const replacements = new Map<string, string>();
  const calls: Record<string, RecordedCall> = {};

  const send = async ({ method, path, token, body, form }: Call) => {
    const options: InjectOptions = { method, url: `${API}${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} };
    if (form) {
      const encoded = multipart(form);
      options.payload = encoded.payload;
      options.headers = { ...options.headers, ...encoded.headers };
    } else if (body !== undefined) {
      options.payload = body as InjectOptions['payload'];
    }
    const response = await app.inject(options);
    if (response.statusCode >= 500) throw new Error(`${method} ${path} answered ${response.statusCode}: ${response.body}`);
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : null };
  };
  /** Makes the call and keeps it under `name`; returns the answer's data. */
  const record = async (name: string, call: Call, expectedStatus = 200) => {
    const answer = await send(call);
    if (answer.status !== expectedStatus) {
      throw new Error(`${name}: ${call.method} ${call.path} answered ${answer.status}, expected ${expectedStatus}: ${JSON.stringify(answer.body)}`);
    }
    const textFields = call.form && Object.fromEntries(Object.entries(call.form).map(([k, v]) => [k, typeof v === 'string' ? v : `(file ${v.filename})`]));
    const requestBody = call.body ?? textFields;
    calls[name] = { request: { method: call.method, path: call.path, ...(requestBody ? { body: requestBody } : {}) }, status: answer.status, body: answer.body };
    return (answer.body as { data?: unknown } | null)?.data as Record<string, unknown> & Record<string, unknown>[];
  };
  /** A call needed to set the scene, not kept. */
  const prepare = async (call: Call) => {
    const answer = await send(call);
    if (answer.status !== 200) throw new Error(`${call.method} ${call.path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return (answer.body as { data: Record<string, unknown> }).data;
  };
  const volatile = (value: unknown, stand: string) => {
    if (typeof value === 'string' && value) replacements.set(value, stand);
  };

  try {
    // --- signing in (the sign-in screens, before react-admin); the recorded sign-in comes after the profile has a photo
    const session = await prepare({ method: 'POST', path: '/login', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const token = String(session.token);
    volatile(token, 'recorded-token-1');
    volatile(session.pusher_id, 'recorded-pusher-id');
    const me = { token };
    await record('loginWrongCredentials', { method: 'POST', path: '/login', body: { email: ADMIN_EMAIL, password: 'not-the-password' } }, 422);
    await record('me', { method: 'GET', path: '/me', ...me });
    await record('verifyEmail', { method: 'POST', path: '/verify-email', body: { email: ADMIN_EMAIL } });
    await record('resetTokenInvalid', { method: 'POST', path: '/verify-reset-token', body: { token: 'no-such-token' } }, 422);
    // the reset mail goes out after the answer
    for (let tries = 0; mails.length === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const resetToken = /[?&]t=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!resetToken) throw new Error(`no reset link in the mail: ${mails[0]?.text ?? '(none sent)'}`);
    volatile(resetToken, 'recorded-reset-token');
    await record('resetTokenValid', { method: 'POST', path: '/verify-reset-token', body: { token: resetToken } });

    // --- roles: three, so that two per page make two pages
    const editor = await prepare({ method: 'POST', path: '/roles', ...me, body: { name: 'Editor', permissions: ['view_role', 'edit_role', 'view_location'] } });
    await prepare({ method: 'POST', path: '/roles', ...me, body: { name: 'Location Viewer', permissions: ['view_location'] } });
    await record('rolesPage1', { method: 'GET', path: '/roles?page=1&per_page=2&sort=id&order=asc', ...me });
    await record('rolesPage2', { method: 'GET', path: '/roles?page=2&per_page=2&sort=id&order=asc', ...me });
    await record('role', { method: 'GET', path: `/roles/${String(editor.encrypted_id)}`, ...me });
    await record('modules', { method: 'GET', path: '/roles/modules', ...me });
    const created = await record('roleCreated', { method: 'POST', path: '/roles', ...me, body: { name: 'Auditor', permissions: ['view_role'], created_by: 1 } });
    await record('roleUpdated', { method: 'PUT', path: `/roles/${String(created.encrypted_id)}`, ...me, body: { name: 'Auditors', permissions: ['view_role'] } });
    await record('roleInvalid', { method: 'POST', path: '/roles', ...me, body: { name: 'Editor', permissions: [] } }, 422);
    await record('roleDeleted', { method: 'DELETE', path: `/roles/${String(created.encrypted_id)}`, ...me });
    await record('roleNotFound', { method: 'GET', path: '/roles/tampered-id', ...me }, 404);
    await record('unauthenticated', { method: 'GET', path: '/roles?page=1&per_page=25' }, 401);
    await record('exportLink', { method: 'GET', path: '/roles?search=edit&sort=name&order=asc&format=xlsx&download=true', ...me });

    // --- locations
    const abbottabad = await prepare({ method: 'POST', path: '/districts', ...me, body: { title: 'Abbottabad' } });
    await prepare({ method: 'POST', path: '/districts', ...me, body: { title: 'Mansehra' } });
    await record('districtsAll', { method: 'GET', path: '/districts?paginate=false', ...me });
    const lahore = await prepare({ method: 'POST', path: '/cities', ...me, body: { title: 'Lahore' } });
    // a patient in Lahore, so that the dashboard's per-city chart has a row (the module's own sample body)
    const [pakistan] = await prepare({ method: 'GET', path: '/countries?paginate=false&search=Pakistan', ...me }) as unknown as Presented[];
    const patients = registry.byName.get('app-users');
    if (!patients || !pakistan) throw new Error('no patients module or no Pakistan among the countries');
    // her place and interest (patients reach messages by them)
    const havelian = await prepare({ method: 'POST', path: '/tehsils', ...me, body: { district_id: abbottabad.id, title: 'Havelian' } });
    const nutrition = await prepare({ method: 'POST', path: '/interests', ...me, body: { title: 'Nutrition' } });
    const refs: Record<string, unknown> = { cities: lahore, countries: pakistan, tehsils: havelian, interests: nutrition };
    const patient = await patients.sample(1, async (resource) => {
      if (!(resource in refs)) throw new Error(`the patient's sample asks for ${resource}, which the recorder does not make`);
      return refs[resource] as Presented;
    });
    await prepare({ method: 'POST', path: '/app-users', ...me, body: patient });

    // --- admins: one who may view locations only
    const sub = await prepare({
      method: 'POST', path: '/admins', ...me,
      body: { f_name: 'Bilal', l_name: 'Khan', email: 'bilal@example.org', phone: '03001234567', cnic: '3520112345671', gender: 'male', role: 'Location Viewer', password: SUB_PASSWORD, confirmPassword: SUB_PASSWORD },
    });
    volatile(sub.pusher_id, 'recorded-pusher-id-2');
    const subLogin = await send({ method: 'POST', path: '/login', body: { email: 'bilal@example.org', password: SUB_PASSWORD } });
    const subToken = String((subLogin.body as { data: { token: string } }).data.token);
    volatile(subToken, 'recorded-token-2');
    await record('adminsPage', { method: 'GET', path: `/admins/admin/${String(session.encrypted_id)}?page=1&per_page=25`, ...me });
    await record('adminStatus', { method: 'PUT', path: `/admins/status/${String(sub.encrypted_id)}`, ...me, body: { status: 2 } });
    await prepare({ method: 'PUT', path: `/admins/status/${String(sub.encrypted_id)}`, ...me, body: { status: 1 } });
    const subAgain = await send({ method: 'POST', path: '/login', body: { email: 'bilal@example.org', password: SUB_PASSWORD } });
    const subToken2 = String((subAgain.body as { data: { token: string } }).data.token);
    volatile(subToken2, 'recorded-token-3');
    await record('forbidden', { method: 'GET', path: '/roles?page=1&per_page=25', token: subToken2 }, 403);
    await record('channelRefused', { method: 'POST', path: '/broadcasting/auth', token: subToken2, body: { socket_id: '123.456', channel_name: 'private-changes.roles' } }, 403);

    // --- one's profile and passwords
    await record('profile', { method: 'GET', path: '/admins/profile', ...me });
    const updated = await record('profileUpdated', {
      method: 'POST', path: '/admins/profile', ...me,
      form: { f_name: 'Amina', l_name: 'Rahman', phone: '03001112223', email: ADMIN_EMAIL, file: { filename: 'photo.png', contentType: 'image/png', data: tinyPng() } },
    });
    const photo = (updated.file as { path?: unknown } | null)?.path;
    volatile(photo, '/storage/profile/recorded-photo.png');
    const signedIn = await record('login', { method: 'POST', path: '/login', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember_me: true } });
    volatile(signedIn.token, 'recorded-token');
    volatile(signedIn.remember_me_token, 'recorded-remember-me-token');
    await record('passwordChanged', { method: 'PUT', path: `/admins/change-password/${String(sub.encrypted_id)}`, ...me, body: { password: 'New-sub-password-2', confirmPassword: 'New-sub-password-2' } });
    await record('ownPasswordChanged', { method: 'POST', path: '/admins/change-password', ...me, body: { oldPassword: ADMIN_PASSWORD, password: 'New-own-password-2', confirmPassword: 'New-own-password-2' } });

    // --- a large file in two chunks
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(40, 7)]);
    const chunk = (index: number, data: Buffer) => ({
      chunk: { filename: 'lesson.mp4', contentType: 'application/octet-stream', data },
      index: String(index), totalChunks: '2', timestamp: '1718000000000', fileExtension: 'mp4', mimeType: 'video/mp4', folder: 'hlc',
      sha256: createHash('sha256').update(video).digest('hex'),
    });
    // what a resuming console asks first: nothing held, then the first chunk, then the file
    const uploadStatus = '/media-file/upload-chunk?timestamp=1718000000000&folder=hlc&fileExtension=mp4&mimeType=video%2Fmp4&totalChunks=2';
    await record('uploadChunkStatusEmpty', { method: 'GET', path: uploadStatus, ...me });
    await record('uploadChunkReceived', { method: 'POST', path: '/media-file/upload-chunk', ...me, form: chunk(0, video.subarray(0, 26)) });
    await record('uploadChunkStatusPartial', { method: 'GET', path: uploadStatus, ...me });
    const done = await record('uploadChunkDone', { method: 'POST', path: '/media-file/upload-chunk', ...me, form: chunk(1, video.subarray(26)) });
    volatile(done.path, '/storage/hlc/recorded-upload.mp4');
    await record('uploadChunkStatusDone', { method: 'GET', path: uploadStatus, ...me });

    // --- a record with stored files: a health literacy video (the upload above) and its thumbnail (a data URL),
    // read alone and in a list, then updated with its files left as they were (the server keeps them)
    const png = `data:image/png;base64,${tinyPng().toString('base64')}`;
    const category = await prepare({ method: 'POST', path: '/categories', ...me, body: { title: 'Hygiene', file: png } });
    const hlcBody = { type: 'video', category_id: category.id, title: 'Handwashing', desc: 'How and when to wash hands.', tags: ['hygiene'] };
    const item = await record('hlcCreated', { method: 'POST', path: '/health-literacy-content', ...me, body: { ...hlcBody, file: done.path, thumbnail: png } });
    // (the video keeps the upload's path, already replaced by its stand-in)
    volatile((item.thumbnail as { path?: unknown } | null)?.path, '/storage/health_literacy_contents/recorded-thumbnail.png');
    await record('hlcItem', { method: 'GET', path: `/health-literacy-content/${String(item.encrypted_id)}`, ...me });
    await record('hlcPage', { method: 'GET', path: '/health-literacy-content?page=1&per_page=25', ...me });
    await record('hlcUpdated', { method: 'PUT', path: `/health-literacy-content/${String(item.encrypted_id)}`, ...me, body: { ...hlcBody, title: 'Handwashing at home' } });

    // --- notifications, the dashboard and real time
    await record('notificationAudience', { method: 'GET', path: '/notifications/audience?sendTo=admin&channel=web&type=admin', ...me });
    await record('notificationAudienceInvalid', { method: 'GET', path: '/notifications/audience?sendTo=everyone', ...me }, 422);
    await record('notificationSent', { method: 'POST', path: '/notifications/send', ...me, body: { sendTo: 'admin', title: 'Clinic closed', body: 'The clinic is closed on Friday.', channel: 'web', type: 'admin' } }, 202);
    await record('notificationInvalid', { method: 'POST', path: '/notifications/send', ...me, body: { sendTo: 'everyone', title: 'Clinic closed', body: 'Closed.' } }, 422);
    await record('sentNotifications', { method: 'GET', path: '/notifications?page=1&per_page=25', ...me });
    await record('bell', { method: 'GET', path: `/notifications/web/admin/${String(session.pusher_id)}`, ...me });
    await record('markedRead', { method: 'POST', path: '/notifications/mark-read', ...me, body: {} });
    await record('dashboard', { method: 'GET', path: '/dashboard', ...me });
    // the app bar's search: the patient by her phone
    await record('search', { method: 'GET', path: '/search?q=0300123', ...me });
    await record('realtimeConfig', { method: 'GET', path: '/realtime/config', ...me });
    await record('channelAuthorized', {
      method: 'POST', path: '/broadcasting/auth', ...me,
      body: { socket_id: '123.456', channel_name: `private-admin.${String(session.pusher_id)}` },
    });
    // --- (last, so that the counts above stay as they were) every module's first page with a record of its own in it (src/__tests__/moduleLists.test.tsx shows
    // each on the /api/admin provider): one record a module from its declaration's sample, parents first
    const madeFor = new Map<string, Presented>();
    const sampleOf = new Map<string, Record<string, unknown>>();
    const numbers = sampleNumbers(registry.resources.map((def) => def.name));
    const one = async (resource: string): Promise<Presented> => {
      const known = madeFor.get(resource);
      if (known) return known;
      const def = registry.byName.get(resource as ResourceName);
      if (!def) throw new Error(`a sample asks for ${resource}, which is no resource`);
      const body = await def.sample(numbers.get(def.name)!, one);
      const made = (await prepare({ method: 'POST', path: `/${resource}`, ...me, body })) as unknown as Presented;
      madeFor.set(resource, made);
      sampleOf.set(resource, body);
      return made;
    };
    for (const def of registry.resources) {
      await one(def.name);
      await record(`list_${def.name}`, { method: 'GET', path: `/${def.name}?page=1&per_page=25`, ...me });
    }
    // and the choices the lists' filters offer
    for (const def of registry.resources.filter((d) => d.choices)) await record(`choices_${def.name}`, { method: 'GET', path: `/${def.name}/choices`, ...me });
    // and each of those records read alone, as the edit and show screens open it (src/testing/moduleScreens.tsx)
    for (const def of registry.resources) {
      await record(`one_${def.name}`, { method: 'GET', path: `/${def.name}/${String(madeFor.get(def.name)?.encrypted_id)}`, ...me });
    }
    // and the lists a record's page reads beside it: a message's recipients
    const message = String(madeFor.get('user-messages')?.encrypted_id);
    await record('recipients_user-messages', { method: 'GET', path: `/user-messages/${message}/recipients?page=1&per_page=25`, ...me });
    // and each of those records saved again with the values it was made with, as its edit form saves it
    for (const def of registry.resources) {
      // (the fields an update takes: an admin's password is changed on its own route, a roster keeps its doctor)
      const updatable = def.updateSchema && new Set(Object.entries(def.updateSchema.properties).filter(([, schema]) => !KindGuard.IsNever(schema)).map(([key]) => key));
      const body = Object.fromEntries(Object.entries(sampleOf.get(def.name) ?? {}).filter(([key]) => !updatable || updatable.has(key)));
      // (a roster whose slot the appointment's sample booked takes it too: its schedule is unchanged)
      await record(`updated_${def.name}`, { method: 'PUT', path: `/${def.name}/${String(madeFor.get(def.name)?.encrypted_id)}`, ...me, body }, 200);
    }

    await record('loggedOut', { method: 'POST', path: '/logout', ...me });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return normalise({ recordedWith: 'npm run record-fixtures (scripts/record-fixtures.ts)', calls }, replacements) as RecordedFixtures;
}

/** The shape of a JSON value: its keys and the types of its values, without the values. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const shapes = new Map(value.map((item) => {
      const shape = shapeOf(item);
      return [JSON.stringify(shape), shape] as const;
    }));
    return [...shapes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, shape]) => shape);
  }
  if (typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]));
  }
  return typeof value;
}

if (require.main === module) {
  recordApiFixtures()
    .then((fixtures) => {
      writeFileSync(FIXTURES_FILE, `${JSON.stringify(fixtures, null, 2)}\n`);
      console.log(`${Object.keys(fixtures.calls).length} answers written to ${FIXTURES_FILE}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
