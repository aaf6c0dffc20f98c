import { Client as PgClient } from 'pg';
import type { Presented, Row } from '../src/http/resource';
import { registry } from '../src/resources/registry';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, type Client, dataOf, sampler } from './helpers/http';

jest.setTimeout(180_000);

/**
 * On PostgreSQL a list's first page without a search is read with its related records (profile, places,
 * linked interests) and its total in one statement (http/crud/list.ts, `pageWithRelated`). Its records must be
 * the ones the separate queries present (the unpaged list, read and presented apart), on both dialects.
 */
describe.each(DIALECTS)('lists in one statement (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let adminId: string;
  const tag = `Roundtrip${dialect}`;
  const def = (name: string) => registry.byName.get(name as never)!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    const samples = sampler(api);
    for (let i = 0; i < 5; i++) {
      const body: Row = { ...(await samples.sampleOf(def('app-users'))), f_name: `${tag}${String.fromCharCode(97 + i)}`, gender: i % 2 ? 'male' : 'female' };
      // one with two interests (their order is the titles'), one with none and no place or country
      if (i === 1) body.interest_ids = [(await samples.ref('interests')).id, (await samples.ref('interests')).id];
      if (i === 3) Object.assign(body, { interest_ids: [], district_id: null, tehsil_id: null, city_id: null });
      dataOf<Presented>(await api.post('/api/admin/app-users', body));
    }
    // tasks and messages, one of each a Knowledge one: the item it points at is presented from the page's statement too
    const item = await samples.ref('health-literacy-content');
    for (let i = 0; i < 3; i++) {
      const knowledge = i === 1 ? { type: 'Knowledge', knowledge_id: item.id } : {};
      dataOf<Presented>(await api.post('/api/admin/tasks', { ...(await samples.sampleOf(def('tasks'))), ...knowledge, ...(i === 1 ? { campaign_id: null } : {}) }));
      dataOf<Presented>(await api.post('/api/admin/user-messages', { ...(await samples.sampleOf(def('user-messages'))), ...knowledge, ...(i === 1 ? { text: null } : {}) }));
    }
    // appointments, their doctors' specializations read with them (the declaration's `linked`, from doctor_id)
    for (let i = 0; i < 3; i++) await samples.ref('appointments');
    adminId = (dataOf(await api.get('/api/admin/me')) as Presented).encrypted_id as string;
    await adminWith(t, ['view_app_user']);
  });
  afterAll(() => t?.close());

  test('every page presents the records the unpaged list presents, with its total', async () => {
    const lists = [
      `/api/admin/app-users?sort=created_at&order=desc`,
      `/api/admin/app-users?sort=f_name&order=asc&search=${tag}`,
      `/api/admin/app-users?sort=city.title&order=asc&gender=male`,
      `/api/admin/app-users?search=nothing-matches-${tag}`,
      `/api/admin/admins/admin/${adminId}?sort=id&order=asc`,
      `/api/admin/districts?sort=id&order=asc`,
      `/api/admin/tasks?sort=id&order=asc`,
      `/api/admin/user-messages?sort=id&order=asc`,
      `/api/admin/appointments?sort=id&order=asc`,
    ];
    for (const list of lists) {
      const all = dataOf(await api.get(`${list}&paginate=false`)) as Presented[];
      const pages = Math.max(1, Math.ceil(all.length / 2));
      for (let page = 1; page <= pages; page++) {
        const body = dataOf(await api.get(`${list}&page=${page}&per_page=2`)) as { data: Presented[]; total: number };
        expect({ list, page, total: body.total, data: body.data }).toEqual({ list, page, total: all.length, data: all.slice((page - 1) * 2, page * 2) });
      }
    }
    const interests = (dataOf(await api.get(`/api/admin/app-users?search=${tag}b`)) as { data: Presented[] }).data[0]!.interest_ids as { title: string }[];
    expect(interests).toHaveLength(2);
    expect(interests.map((i) => i.title)).toEqual(interests.map((i) => i.title).sort());
    const booked = (dataOf(await api.get('/api/admin/appointments')) as { data: Presented[] }).data;
    expect(booked.map((a) => (a.doctor as { specializations: unknown[] }).specializations)).toEqual(booked.map(() => [{ id: expect.any(Number), title: expect.any(String) }]));
    for (const resource of ['tasks', 'user-messages']) {
      const rows = (dataOf(await api.get(`/api/admin/${resource}?type=Knowledge`)) as { data: Presented[] }).data;
      expect({ resource, knowledge: rows.map((r) => r.knowledge) }).toEqual({ resource, knowledge: [{ id: expect.any(Number), title: expect.any(String), encrypted_id: expect.any(String) }] });
    }
  });

  if (dialect !== 'postgres') return;

  /** a statement of its own that reads the session's epoch (http/auth.ts) */
  const epochAlone = (text: string) => /^select "n" from "auth_epoch"/.test(text);
  /** the statements a request sends to PostgreSQL (with `epoch`, the session's check of its own too: one a request at most) */
  async function statementsOf(url: string, { epoch = false } = {}): Promise<string[]> {
    const query = jest.spyOn(PgClient.prototype, 'query');
    try {
      const res = await api.get(url);
      expect(res.statusCode).toBe(200);
      return query.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text)).filter((text) => epoch || !epochAlone(text));
    } finally {
      query.mockRestore();
    }
  }

  test('a first page of patients without a search, with its profiles, places, interests, total and the session\'s check, is one statement', async () => {
    for (const list of ['/api/admin/app-users?page=1&per_page=25', '/api/admin/app-users?gender=male', '/api/admin/app-users?gender=transgender', '/api/admin/districts']) {
      // the signed-in admin's session is cached: its epoch is read in the page's statement, not in one before it
      const sent = await statementsOf(list, { epoch: true });
      expect({ list, sent: sent.length, epoch: sent.filter((text) => text.includes('auth_epoch')).length }).toEqual({ list, sent: 1, epoch: 1 });
    }
    // a later page's count and a search's count from search_text carry the check too; a search narrowed by a
    // filter (counted by its plan, not from search_text alone) checks the session by a statement of its own first
    for (const [list, alone] of [['/api/admin/app-users?page=2&per_page=2', 0], [`/api/admin/app-users?search=${tag}`, 0], [`/api/admin/app-users?search=${tag}&gender=male`, 1]] as const) {
      const sent = await statementsOf(list, { epoch: true });
      expect({ list, alone: sent.filter(epochAlone).length, within: sent.filter((text) => !epochAlone(text) && text.includes('auth_epoch')).length }).toEqual({ list, alone, within: 1 - alone });
    }
    // the admins' page, their districts (the declaration's `linked`) and total (less the signed-in admin) in one, then their roles (admins.ts, enrich)
    const admins = await statementsOf(`/api/admin/admins/admin/${adminId}`);
    expect(admins).toHaveLength(2);
    // messages with their places, survey, knowledge item and interests in one; tasks likewise, then their CHWs (tasks.ts, enrich)
    expect(await statementsOf('/api/admin/user-messages')).toHaveLength(1);
    expect(await statementsOf('/api/admin/tasks')).toHaveLength(2);
    // appointments with their doctors, patients, reasons and the doctors' specializations in one
    expect(await statementsOf('/api/admin/appointments')).toHaveLength(1);
    expect(admins.filter((text) => text.includes('row_counts') && text.includes('limit'))).toHaveLength(1);
    // a later page (its total first, which says from which end to read it) and a search (planned for its
    // term each time, where the folded statement's joins cost more planning than its round trips) are read
    // as on SQLite: the total and the page, the related records, the linked interests
    expect(await statementsOf('/api/admin/app-users?page=2&per_page=2')).toHaveLength(4);
    expect(await statementsOf(`/api/admin/app-users?search=${tag}`)).toHaveLength(4);
  });
});
