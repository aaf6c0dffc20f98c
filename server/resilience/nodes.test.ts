/**
 * Two nodes: two server processes on one PostgreSQL database with the same APP_KEY, as behind a load
 * balancer, sharing their files in either of two ways: one DATA_DIR (STORAGE=local), or separate
 * DATA_DIRs and one S3 bucket (STORAGE=s3, s3rver: a real S3 protocol on this machine). A token signed in on one works on the other and, signed out on the
 * other, is refused on the first; one chunked upload sent alternately to both assembles into one
 * file that both serve once a record holds it; failed sign-ins alternating between them are throttled at the same count as
 * on one node; and real time crosses nodes (LISTEN/NOTIFY): a pusher-js client on A receives, exactly
 * once, a notification sent through B and the change announced by a write on B, as does a client on B.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PusherClient from 'pusher-js';
import { loginLimits } from '../src/services/signIn';
import { startS3, type S3Server } from '../test/helpers/s3';
import { ADMIN_EMAIL, freshPgDatabase, ROOT, startServer, stopAllServers, type ServerProcess } from './helpers/server';

jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Setup = 'one DATA_DIR' | 'separate DATA_DIRs and one S3 bucket';
const SETUPS: Setup[] = ['one DATA_DIR', 'separate DATA_DIRs and one S3 bucket'];
/** measured figures of each setup, written to test-results/nodes.json */
const allFigures: Record<string, Record<string, number>> = {};
let s3: S3Server | null = null;

afterAll(async () => {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(ROOT, 'test-results', 'nodes.json'), `${JSON.stringify(allFigures, null, 2)}\n`);
  await s3?.stop();
});

describe.each(SETUPS)('two nodes, %s', (setup) => {
let dataDirs: string[] = [];
let database: { url: string; drop(): Promise<void> } | null = null;
let a: ServerProcess;
let b: ServerProcess;
const clients: PusherClient[] = [];
const figures: Record<string, number> = {};
allFigures[setup] = figures;
let storageEnv: Record<string, string> = {};

beforeAll(async () => {
  const shared = setup === 'one DATA_DIR';
  const first = mkdtempSync(join(tmpdir(), 'nodes-'));
  dataDirs = shared ? [first, first] : [first, mkdtempSync(join(tmpdir(), 'nodes-'))];
  if (!shared) {
    s3 ??= await startS3();
    storageEnv = (await s3.bucket('nodes')).env;
  }
  database = await freshPgDatabase('nodes');
  // one after the other: the first migrates and seeds the empty database, the second finds it ready
  let started = Date.now();
  a = await startServer({ dataDir: dataDirs[0]!, databaseUrl: database.url, env: storageEnv });
  figures.startAMs = Date.now() - started;
  started = Date.now();
  b = await startServer({ dataDir: dataDirs[1]!, databaseUrl: database.url, env: storageEnv });
  figures.startBMs = Date.now() - started;
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await stopAllServers();
  await database?.drop();
  for (const dir of new Set(dataDirs)) rmSync(dir, { recursive: true, force: true });
});

it('a token signed in on A works on B; signed out on B, it is refused on A', async () => {
  const token = await a.login();
  expect((await a.api('GET', '/me', token)).status).toBe(200);
  const me = await b.api<{ data: { email: string } }>('GET', '/me', token);
  expect(me.status).toBe(200);
  expect(me.body.data.email).toBe(ADMIN_EMAIL);

  expect((await b.api('POST', '/logout', token)).status).toBe(200);
  expect((await a.api('GET', '/me', token)).status).toBe(401);
  expect((await b.api('GET', '/me', token)).status).toBe(401);
});

it('one chunked upload sent alternately to A and B assembles into one file, which both serve', async () => {
  const token = await a.login();
  const chunks = 6;
  const chunkBytes = 64 * 1024;
  // an MP4: an `ftyp` box first, then bytes that differ from chunk to chunk
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);
  const file = Buffer.alloc(chunks * chunkBytes);
  for (let i = 0; i < file.length; i++) file[i] = (i * 31 + (i >> 16)) & 0xff;
  ftyp.copy(file, 0);
  const sha256 = createHash('sha256').update(file).digest('hex');
  const timestamp = String(Date.now());

  const answers: { node: string; status: number; body: { message?: string; file?: { path: string; mimeType: string } } }[] = [];
  for (let index = 0; index < chunks; index++) {
    const node = index % 2 === 0 ? a : b;
    // the fields first, as the console sends them: from the second chunk on, each node writes its
    // chunk straight into the one file both share
    const form = new FormData();
    form.append('index', String(index));
    form.append('totalChunks', String(chunks));
    form.append('timestamp', timestamp);
    form.append('fileExtension', 'mp4');
    form.append('mimeType', 'video/mp4');
    form.append('folder', 'health_literacy_contents');
    if (index === chunks - 1) form.append('sha256', sha256);
    form.append('chunk', new Blob([file.subarray(index * chunkBytes, (index + 1) * chunkBytes)]), 'two-nodes.mp4');
    const res = await fetch(`${node.url}/api/admin/media-file/upload-chunk`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    answers.push({ node: node === a ? 'A' : 'B', status: res.status, body: (await res.json()) as (typeof answers)[number]['body'] });
  }
  expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(answers.slice(0, -1).map((x) => x.body.file)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  const stored = answers.at(-1)!.body.file!;
  expect(stored).toEqual({ path: expect.stringMatching(/\.mp4$/), mimeType: 'video/mp4' });

  // not served while no record holds it; a health literacy item made on B takes it, and both serve it
  for (const node of [a, b]) expect((await fetch(`${node.url}${stored.path}`)).status).toBe(404);
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const category = await b.api<{ data: { id: number } }>('POST', '/categories', token, { title: 'Two nodes', file: png });
  expect(category.status).toBe(200);
  const item = await b.api<{ data: { file: { path: string } } }>('POST', '/health-literacy-content', token, {
    title: 'Two nodes', type: 'video', category_id: category.body.data.id, desc: 'One upload, two nodes.', tags: ['nodes'], file: stored.path, thumbnail: png,
  });
  expect([item.status, item.body.data.file.path]).toEqual([200, stored.path]);
  for (const node of [a, b]) {
    const res = await fetch(`${node.url}${stored.path}`);
    expect(res.status).toBe(200);
    expect(createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex')).toBe(sha256);
  }
  // the upload's status, asked of the node that did not assemble it, names the same file
  const query = new URLSearchParams({ timestamp, totalChunks: String(chunks), fileExtension: 'mp4', mimeType: 'video/mp4', folder: 'health_literacy_contents' });
  const status = await fetch(`${a.url}/api/admin/media-file/upload-chunk?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(status.status).toBe(200);
  expect(((await status.json()) as { data: { file: unknown } }).data.file).toEqual(stored);
});

if (setup !== 'one DATA_DIR') {
  it('a 200 MB upload whose 10 MB chunks alternate between A and B assembles once, in the bucket; both serve it (ranges too); it goes with its record', async () => {
    const token = await a.login();
    const chunkBytes = 10 * 1024 * 1024;
    const chunks = 20;
    const file = Buffer.alloc(chunks * chunkBytes);
    for (let i = 0; i < file.length; i += 4) file.writeUInt32LE((i * 2654435761) >>> 0, i);
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]).copy(file, 0);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const timestamp = `big${Date.now()}`;
    const started = Date.now();
    let last: { status: number; body: { file?: { path: string } } } | null = null;
    for (let index = 0; index < chunks; index++) {
      const node = index % 2 === 0 ? a : b;
      const form = new FormData();
      for (const [k, v] of Object.entries({ index: String(index), totalChunks: String(chunks), timestamp, fileExtension: 'mp4', mimeType: 'video/mp4', folder: 'health_literacy_contents', sha256 })) form.append(k, v);
      form.append('chunk', new Blob([file.subarray(index * chunkBytes, (index + 1) * chunkBytes)]), 'big.mp4');
      const res = await fetch(`${node.url}/api/admin/media-file/upload-chunk`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      last = { status: res.status, body: (await res.json()) as { file?: { path: string } } };
      expect([index, last.status]).toEqual([index, 200]);
      if (index < chunks - 1) expect(last.body.file).toBeUndefined();
    }
    figures.upload200MbMs = Date.now() - started;
    const path = last!.body.file!.path;
    expect(path).toMatch(/^\/storage\/health_literacy_contents\/[0-9a-f]{32}\.mp4$/);

    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const category = await a.api<{ data: { id: number } }>('POST', '/categories', token, { title: 'Big video', file: png });
    const item = await a.api<{ data: { encrypted_id: string; file: { path: string } } }>('POST', '/health-literacy-content', token, {
      title: 'Big video', type: 'video', category_id: category.body.data.id, desc: '200 MB through two nodes.', tags: ['nodes'], file: path, thumbnail: png,
    });
    expect([item.status, item.body.data.file.path]).toEqual([200, path]);
    // whole from A (B received the last chunk and assembled it), a range from each
    const served = Date.now();
    const whole = await fetch(`${a.url}${path}`);
    expect([whole.status, whole.headers.get('content-length')]).toEqual([200, String(file.length)]);
    expect(createHash('sha256').update(Buffer.from(await whole.arrayBuffer())).digest('hex')).toBe(sha256);
    figures.serve200MbMs = Date.now() - served;
    for (const [node, start] of [[a, 3], [b, 150 * 1024 * 1024 + 3]] as const) {
      const range = await fetch(`${node.url}${path}`, { headers: { range: `bytes=${start}-${start + 999}` } });
      expect([range.status, range.headers.get('content-range')]).toEqual([206, `bytes ${start}-${start + 999}/${file.length}`]);
      expect(Buffer.from(await range.arrayBuffer()).equals(file.subarray(start, start + 1000))).toBe(true);
    }

    // deleted on B: gone from the bucket, so neither node serves it
    expect((await b.api('DELETE', `/health-literacy-content/${item.body.data.encrypted_id}`, token)).status).toBe(200);
    for (const node of [a, b]) expect((await fetch(`${node.url}${path}`)).status).toBe(404);
  });

  it('nothing was written under either DATA_DIR (the database is PostgreSQL, the files are in the bucket)', () => {
    for (const dir of dataDirs) expect(readdirSync(dir, { recursive: true })).toEqual([]);
  });
}

it('failed sign-ins alternating between A and B are throttled at the same count as on one node', async () => {
  const limit = loginLimits('someone@example.org', '127.0.0.1')[0]!.max;
  /** sign-ins with a wrong password until one is throttled (429): the number of that attempt */
  const attemptsUntilThrottled = async (email: string, nodes: ServerProcess[]) => {
    for (let attempt = 1; attempt <= limit + 3; attempt++) {
      const node = nodes[(attempt - 1) % nodes.length]!;
      const res = await fetch(`${node.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'not-the-password-1' }),
      });
      if (res.status === 429) return attempt;
      expect(res.status).toBe(422);
    }
    return null;
  };
  const oneNode = await attemptsUntilThrottled('one-node@example.org', [a]);
  const twoNodes = await attemptsUntilThrottled('two-nodes@example.org', [a, b]);
  expect(oneNode).toBe(limit + 1);
  expect(twoNodes).toBe(oneNode);
});

describe('real time across nodes', () => {
  type Received = { channel: string; event: string; data: unknown; at: number }[];

  /** pusher-js as the console connects: the node's key, its WebSocket port, its auth route */
  async function connect(node: ServerProcess, token: string, channels: string[]): Promise<Received> {
    const config = await node.api<{ data: { key: string; cluster: string; authEndpoint: string } }>('GET', '/realtime/config', token);
    const port = Number(new URL(node.url).port);
    const client = new PusherClient(config.body.data.key, {
      cluster: config.body.data.cluster,
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { endpoint: `${node.url}${config.body.data.authEndpoint}`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
    });
    clients.push(client);
    const received: Received = [];
    await Promise.all(
      channels.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const channel = client.subscribe(name);
            channel.bind('pusher:subscription_succeeded', () => resolve());
            channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(`subscription to ${name} refused: ${JSON.stringify(error)}`)));
            channel.bind_global((event: string, data: unknown) => {
              if (!event.startsWith('pusher')) received.push({ channel: name, event, data, at: Date.now() });
            });
          }),
      ),
    );
    return received;
  }

  const until = async (what: string, received: Received, check: () => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; received ${JSON.stringify(received)}`);
      await sleep(25);
    }
  };

  it('a client on A (and one on B) receives, exactly once, a notification sent through B and the change of a write on B', async () => {
    const tokenA = await a.login();
    const tokenB = await b.login();
    const me = await a.api<{ data: { pusher_id: string } }>('GET', '/me', tokenA);
    const channels = [`private-admin.${me.body.data.pusher_id}`, 'private-changes.districts'];
    const onA = await connect(a, tokenA, channels);
    const onB = await connect(b, tokenB, channels);

    const title = `Two nodes ${Date.now()}`;
    const sentAt = Date.now();
    const sent = await b.api('POST', '/notifications/send', tokenB, { sendTo: 'admin', title, body: 'Sent through node B' });
    expect(sent.status).toBeLessThan(300);
    const changedAt = Date.now();
    const district = await b.api<{ data: { encrypted_id: string; title: string } }>('POST', '/districts', tokenB, { title: `District ${title}` });
    expect(district.status).toBe(200);

    const notificationOf = (r: Received) => r.filter((x) => x.channel === channels[0] && x.event === 'notification' && (x.data as { body?: { title?: string } }).body?.title === title);
    const changeOf = (r: Received) => r.filter((x) => x.channel === channels[1] && x.event === 'changed' && (x.data as { id?: unknown }).id === district.body.data.encrypted_id);
    for (const [node, received] of [['A', onA], ['B', onB]] as const) {
      await until(`the notification on ${node}`, received, () => notificationOf(received).length > 0);
      await until(`the change on ${node}`, received, () => changeOf(received).length > 0);
    }
    // from the send on B to its arrival on A (HTTP request, fan-out or write, NOTIFY, WebSocket)
    figures.notificationOnAMs = notificationOf(onA)[0]!.at - sentAt;
    figures.changeOnAMs = changeOf(onA)[0]!.at - changedAt;
    // anything sent twice would have arrived by now
    await sleep(1000);
    for (const received of [onA, onB]) {
      expect(notificationOf(received)).toHaveLength(1);
      expect(notificationOf(received)[0]!.data).toMatchObject({ type: 'admin', body: { title, body: 'Sent through node B' } });
      expect(changeOf(received)).toHaveLength(1);
      expect(changeOf(received)[0]!.data).toMatchObject({ action: 'create', id: district.body.data.encrypted_id });
    }
  });
});
});
