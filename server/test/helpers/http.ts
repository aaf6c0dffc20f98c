import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { ResourceName } from '../../../contract/resources';
import type { Presented, Registry, ResourceDef } from '../../src/http/resource';
import { registry as realRegistry } from '../../src/resources/registry';
import { encodePng } from '../../src/services/png';
import { registerHolds } from '../../src/services/storedFiles';
import type { MediaKind } from '../../src/services/uploads';
import type { TestApp } from './app';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests look at any table through one helper */
export type Row = Record<string, any>;
/** the test database without the compile-time schema, for snapshots of any table */
export const anyDb = (t: TestApp): Kysely<any> => t.db.db as unknown as Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** app.inject that fails the test on any 5xx: the API never answers bad input with a server error. */
export async function call(t: TestApp, opts: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse> {
  const res = await t.inject(opts);
  if (res.statusCode >= 500) throw new Error(`${opts.method} ${opts.url} answered ${res.statusCode}: ${res.body}`);
  return res;
}

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
  send(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** JSON calls as one admin (the seeded super admin by default); every answer is checked for 5xx. */
export function client(t: TestApp, token: string | null = t.rootToken): Client {
  const send = (method: Method, url: string, payload?: unknown) =>
    call(t, { method, url, token, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  return clientOver(send);
}

/** A client's verbs over one way of sending (app.inject here, real HTTP in the journeys: e2e/helpers/api.ts). */
export function clientOver(send: Client['send']): Client {
  return {
    send,
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload),
    put: (url, payload) => send('PUT', url, payload),
    del: (url) => send('DELETE', url),
  };
}

/** The `data` of a 200 answer (a record or a list unless told); anything else fails with the body in the message. */
export function dataOf<T = Row & Row[]>(res: LightMyRequestResponse): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** Asserts a 422 whose `error` maps fields to non-empty lists of messages; returns that map. */
export function fieldErrors(res: LightMyRequestResponse): Record<string, string[]> {
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode}: ${res.body}`);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.error).toEqual(expect.any(Object));
  expect(Array.isArray(body.error)).toBe(false);
  const entries = Object.entries(body.error as Record<string, unknown>);
  expect(entries.length).toBeGreaterThan(0);
  for (const [field, messages] of entries) {
    expect(typeof field).toBe('string');
    expect(Array.isArray(messages)).toBe(true);
    expect((messages as unknown[]).length).toBeGreaterThan(0);
    for (const m of messages as unknown[]) expect(m).toEqual(expect.stringMatching(/\S/));
  }
  return body.error;
}

/**
 * Records made from each resource's own `sample()` through the API. `ref(resource)` creates one
 * (parents first, by the sample's own ref calls) and returns the presented record.
 */
export function sampler(
  api: Client,
  registry: Registry = realRegistry,
): {
  sampleOf(def: ResourceDef, override?: Partial<Record<ResourceName, Presented>>): Promise<Row>;
  ref(resource: ResourceName, override?: Partial<Record<ResourceName, Presented>>): Promise<Presented>;
  /** every record ref() made, in order */
  made: { resource: ResourceName; record: Presented }[];
} {
  const counters = new Map<string, number>();
  const made: { resource: ResourceName; record: Presented }[] = [];
  const next = (name: string) => {
    const n = (counters.get(name) ?? 0) + 1;
    counters.set(name, n);
    return n;
  };
  /** a sample body; `override` names the records to use instead of new ones, for its parents and theirs */
  const sampleOf = async (def: ResourceDef, override: Partial<Record<ResourceName, Presented>> = {}): Promise<Row> =>
    def.sample(next(def.name), (resource) => ref(resource, override));
  async function ref(resource: ResourceName, override: Partial<Record<ResourceName, Presented>> = {}): Promise<Presented> {
    const given = override[resource];
    if (given) return given;
    const def = registry.byName.get(resource);
    if (!def) throw new Error(`no resource ${resource} in the registry`);
    const record: Presented = dataOf(await api.post(`/api/admin/${resource}`, await sampleOf(def, override)));
    made.push({ resource, record });
    return record;
  }
  return { sampleOf, ref, made };
}

/**
 * As if the days had passed: the appointments' day (and their slots') becomes yesterday, so their time
 * has begun and they may be completed (an appointment is completed only once its slot has begun).
 */
export async function timeHasCome(t: TestApp, ...appointments: Row[]): Promise<void> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (const { id } of appointments as { id: number }[]) {
    const row = await anyDb(t).selectFrom('appointments').select('slot_id').where('id', '=', id).executeTakeFirstOrThrow();
    await anyDb(t).updateTable('appointments').set({ date: yesterday }).where('id', '=', id).execute();
    if (row.slot_id !== null) await anyDb(t).updateTable('duty_slots').set({ date: yesterday }).where('id', '=', row.slot_id).execute();
  }
}

/** The highest audit_log id so far (0 when empty). */
export async function lastAuditId(t: TestApp): Promise<number> {
  const row = await t.db.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The audit rows written after `since`. */
export const auditSince = (t: TestApp, since: number) =>
  t.db.db.selectFrom('audit_log').selectAll().where('id', '>', since).orderBy('id').execute();

/** A multipart/form-data body built by hand: text fields (a list: one part each, as a browser's form sends `key[]`) and files. */
export function multipart(fields: Record<string, string | string[] | { filename: string; contentType: string; data: Buffer }>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----console-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' || Array.isArray(value)) {
      for (const text of [value].flat()) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
    } else {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 RGBA PNG (one pixel of the given colour). */
export function tinyPng(rgba: [number, number, number, number] = [200, 30, 30, 255]): Buffer {
  return encodePng(1, 1, 4, Buffer.from(rgba));
}

/** The least bytes of each stored kind that its content check takes (a magic number, then some bytes). */
export const MEDIA_SAMPLES: Record<MediaKind, () => Buffer> = {
  png: () => tinyPng([Math.floor(Math.random() * 256), 7, 7, 255]),
  jpg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]),
  pdf: () => Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n'), Buffer.from(randomBytes(16).toString('hex')), Buffer.from('\ntrailer<<>>\n%%EOF\n')]),
  mp4: () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(12), randomBytes(256)]),
  mp3: () => Buffer.concat([Buffer.from('ID3', 'latin1'), randomBytes(128)]),
};

let uploads = 0;
/** A file sent through the chunked upload in one chunk, as `token`'s admin: the answer (its `file.path` when taken). */
export function sendUpload(t: TestApp, token: string | null, upload: { data: Buffer; kind: MediaKind; folder: string }): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart({
    index: '0', totalChunks: '1', timestamp: `t${Date.now()}-${++uploads}`, folder: upload.folder, fileExtension: upload.kind,
    chunk: { filename: `upload.${upload.kind}`, contentType: 'application/octet-stream', data: upload.data },
  });
  return call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', payload, headers, token });
}

/** The /storage path of a file uploaded (in one chunk) by `token`'s admin; fails the test when refused. */
export async function uploaded(t: TestApp, token: string | null, upload: { data: Buffer; kind: MediaKind; folder: string }): Promise<string> {
  const res = await sendUpload(t, token, upload);
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return res.json().file.path as string;
}

/** A file put into storage and held by a stand-in record, as records' files are (served at /storage while held). */
export async function heldFile(t: TestApp, folder: string, ext: string, data: Buffer, opts: { private?: boolean } = {}): Promise<string> {
  const path = await t.app.ctx.storage.put(folder, ext, data, opts);
  await registerHolds(t.db.db, [{ path, table: 'test_fixtures', id: 1, column: 'file' }]);
  return path;
}
