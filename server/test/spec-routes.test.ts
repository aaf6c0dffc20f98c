/**
 * The spec's calls as written (contract/specCalls.ts), generated: each is in the route table with the
 * permission the data names, answers 200, and a body as the spec shapes it (JSON, or the form data its
 * helper makes) is accepted and reads back with the same meaning (`reads` says where a field shows when
 * not under its own key); a call the product answers otherwise gets the answer its listed deviation (or
 * the spec's own rule) gives, and writes nothing. Both dialects. The deviations are listed in the
 * README's deviations section.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_CALLS, SPEC_DEVIATIONS, type SpecCall, type SpecValue } from '../../contract/specCalls';
import type { ResourceName } from '../../contract/resources';
import { registry } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, multipart, type Row, sampler } from './helpers/http';
import { hashToken, inMs, newToken } from '../src/services/tokens';

jest.setTimeout(540_000);

const label = (c: SpecCall) => `${c.method} ${c.path}${c.query ? `?${Object.keys(c.query).join('&')}` : ''}`;
const at = (value: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Row)[key] : undefined), value);

it("the README's deviations section lists every deviation of the spec's calls", () => {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Deviations from the observed console')).replace(/\s+/g, ' ');
  for (const d of SPEC_DEVIATIONS) expect([d.what, section.includes(d.what)]).toEqual([d.what, true]);
});

/** A body as form data: text fields, nested values in bracket notation (`person_ids[0][id]`), as the spec's helper builds them. */
function formFields(value: unknown, key: string, out: Record<string, string>): Record<string, string> {
  if (Array.isArray(value)) value.forEach((item, i) => formFields(item, `${key}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) formFields(v, key ? `${key}[${k}]` : k, out);
  else if (value !== undefined && value !== null) out[key] = String(value);
  return out;
}

describe.each(DIALECTS)("the spec's calls (%s)", (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref } = sampler(api));
  });
  afterAll(() => t?.close());

  /** A value with its records made (one of each resource for a call: `made`) and its days counted. */
  async function resolve(value: SpecValue, made: Map<string, Row>): Promise<unknown> {
    if (Array.isArray(value)) {
      const out = [];
      for (const item of value) out.push(await resolve(item, made));
      return out;
    }
    if (value && typeof value === 'object') {
      if ('$day' in value && typeof value.$day === 'number') return new Date(Date.now() + value.$day * 86_400_000).toISOString().slice(0, 10);
      if ('$resetToken' in value) {
        const admin = await ref('admins');
        const token = newToken();
        await t.db.db.insertInto('password_resets').values({ admin_id: admin.id, token_hash: hashToken(token), expires_at: inMs(60_000), used_at: null, created_at: new Date().toISOString() }).execute();
        return token;
      }
      if ('$find' in value && typeof value.$find === 'string') {
        const where = value.where as Record<string, string>;
        const rows = dataOf(await api.get(`/api/admin/${value.$find}?paginate=false&search=${encodeURIComponent(Object.values(where)[0]!)}`)) as Row[];
        const found = rows.find((r) => Object.entries(where).every(([k, v]) => r[k] === v));
        if (!found) throw new Error(`no ${value.$find} with ${JSON.stringify(where)}`);
        return found[value.field as string];
      }
      if ('$ref' in value && typeof value.$ref === 'string') {
        const field = (value.field as string | undefined) ?? 'id';
        if (value.$ref === 'duty-slots') {
          const roster = dataOf(await api.get(`/api/admin/duty-roasters/${(await ref('duty-roasters')).encrypted_id}`));
          return roster.dutyRoasters[0].appointments[0][field];
        }
        if (!made.has(value.$ref)) made.set(value.$ref, await ref(value.$ref as ResourceName));
        return made.get(value.$ref)![field];
      }
      const out: Row = {};
      for (const [k, v] of Object.entries(value)) out[k] = await resolve(v as SpecValue, made);
      return out;
    }
    return value;
  }

  it('each call is a route of the table, guarded by the permission the data names', () => {
    for (const c of SPEC_CALLS) {
      const url = `/api/admin${c.path.replace(/\{(\w+)\}/g, ':$1')}`;
      const route = t.app.routeTable.find((r) => r.method === c.method && r.url === url);
      const guards = route ? [route.access.permission, ...(route.access.anyPermission ?? []), ...(route.access.auth === false ? ['public'] : [])] : [];
      expect([label(c), guards.includes(c.permission)]).toEqual([label(c), true]);
    }
  });

  it('each deviation a call meets is one of SPEC_DEVIATIONS', () => {
    const listed = new Set(SPEC_DEVIATIONS.map((d) => d.what));
    for (const c of SPEC_CALLS) if (c.refused?.deviation) expect([label(c), listed.has(c.refused.deviation)]).toEqual([label(c), true]);
  });

  it.each(SPEC_CALLS.map((c, i) => [`${label(c)}${c.form ? ' (form data)' : ''} #${i + 1}`, c] as const))('%s: answers, and reads back what it was sent', async (_label, c) => {
    // one record of each resource for the whole call: its path, query, body and answers name the same ones
    const made = new Map<string, Row>();
    if (c.first) {
      const firstId = String(await resolve(c.first.params.id, made));
      expect(dataOf(await api.send(c.first.method, `/api/admin${c.first.path.replace('{id}', encodeURIComponent(firstId))}`))).toBeDefined();
    }
    const id = c.params ? String(await resolve(c.params.id, made)) : '';
    const query = c.query ? `?${new URLSearchParams((await resolve(c.query, made)) as Record<string, string>).toString()}` : '';
    const url = `/api/admin${c.path.replace('{id}', encodeURIComponent(id))}${query}`;
    const body = c.body ? ((await resolve(c.body, made)) as Row) : undefined;
    const token = c.permission === 'public' ? null : t.rootToken;
    const form = body && c.form ? multipart(formFields(body, '', {})) : null;
    const resource = /^\/([\w-]+)(?:\/\{id\})?$/.exec(c.path)?.[1];
    const table = resource ? registry.byName.get(resource)?.table : undefined;
    const count = async () => (table ? Number((await anyDb(t).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) : 0);
    const rowsBefore = await count();
    const res = form
      ? await call(t, { method: c.method, url, token, payload: form.payload, headers: form.headers })
      : await call(t, { method: c.method, url, token, ...(body ? { payload: body } : {}) });
    if (c.refused) {
      expect([res.statusCode, res.json().error]).toEqual([c.refused.status, c.refused.error]);
      expect(await count()).toBe(rowsBefore);
      return;
    }
    const data = dataOf(res);
    expect(res.json().success).toBe(true);
    for (const [path, want] of Object.entries(c.answers ?? {})) expect([path, at(data, path)]).toEqual([path, await resolve(want, made)]);
    if (!['POST', 'PUT'].includes(c.method) || !body || !resource || !registry.byName.has(resource)) return;
    const record = dataOf(await api.get(`/api/admin/${resource}/${data.encrypted_id}`));
    for (const [key, sent] of Object.entries(body)) {
      const path = c.reads && key in c.reads ? c.reads[key] : key;
      if (path === null || path === undefined) continue;
      const got = at(record, path);
      if (sent && typeof sent === 'object') expect([key, got]).toMatchObject([key, sent]);
      else expect([key, got]).toEqual([key, sent]);
    }
  });
});
