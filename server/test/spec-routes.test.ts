/**
 * The spec's calls as written (contract/specCalls.ts), generated: each is in the route table with the
 * permission the data names, answers 200, and a body as the spec shapes it is accepted and reads back
 * with the same meaning (`reads` says where a field shows when not under its own key). Both dialects.
 * The deviations that remain are listed in the README's deviations section.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_CALLS, SPEC_DEVIATIONS, type SpecCall, type SpecValue } from '../../contract/specCalls';
import type { ResourceName } from '../../contract/resources';
import { registry } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { call, client, type Client, dataOf, type Row, sampler } from './helpers/http';

jest.setTimeout(180_000);

const label = (c: SpecCall) => `${c.method} ${c.path}${c.query ? `?${new URLSearchParams(c.query).toString()}` : ''}`;
const at = (value: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Row)[key] : undefined), value);

it("the README's deviations section lists every deviation of the spec's calls", () => {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Deviations from the observed console')).replace(/\s+/g, ' ');
  for (const d of SPEC_DEVIATIONS) expect([d.what, section.includes(d.what)]).toEqual([d.what, true]);
});

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
  async function resolve(value: SpecValue, made = new Map<string, Row>()): Promise<unknown> {
    if (Array.isArray(value)) {
      const out = [];
      for (const item of value) out.push(await resolve(item, made));
      return out;
    }
    if (value && typeof value === 'object') {
      if ('$day' in value && typeof value.$day === 'number') return new Date(Date.now() + value.$day * 86_400_000).toISOString().slice(0, 10);
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
      const guards = route ? [route.access.permission, ...(route.access.anyPermission ?? [])] : [];
      expect([label(c), guards.includes(c.permission)]).toEqual([label(c), true]);
    }
  });

  it.each(SPEC_CALLS.map((c) => [label(c), c] as const))('%s: answers, and reads back what it was sent', async (_label, c) => {
    const id = c.params ? String(await resolve(c.params.id)) : '';
    const query = c.query ? `?${new URLSearchParams(c.query).toString()}` : '';
    const url = `/api/admin${c.path.replace('{id}', encodeURIComponent(id))}${query}`;
    const body = c.body ? ((await resolve(c.body)) as Row) : undefined;
    const res = await call(t, { method: c.method, url, token: t.rootToken, ...(body ? { payload: body } : {}) });
    const data = dataOf(res);
    expect(res.json().success).toBe(true);
    for (const [path, want] of Object.entries(c.answers ?? {})) expect([path, at(data, path)]).toEqual([path, await resolve(want)]);
    const resource = /^\/([\w-]+)$/.exec(c.path)?.[1];
    if (c.method !== 'POST' || !body || !resource || !registry.byName.has(resource)) return;
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
