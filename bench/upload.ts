/**
 * Chunked upload benchmark: one large MP4 (1 GB by default) sent to the real server the way the
 * console's data provider sends it (POST /api/admin/media-file/upload-chunk, multipart, 5 MB chunks one
 * after the other, the whole file's SHA-256 on the last chunk), against an empty SQLite DATA_DIR.
 *
 * The file is never held by this process either: each chunk is made when it is sent (one block of
 * random bytes that starts with an MP4 `ftyp` box, stamped with the chunk's index at its end), and
 * the SHA-256 is computed on the way. While it runs, the server's resident memory (VmRSS) is sampled
 * every 20 ms: its peak growth over the idle server, and its value at 25, 50, 75 and 100 % of the
 * chunks, show whether memory stays flat as the file grows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'node:http';

export interface UploadBenchResult {
  fileMb: number;
  chunkMb: number;
  chunks: number;
  /** wall time from the first chunk to the answer naming the stored file (assembly included) */
  seconds: number;
  mbPerSec: number;
  /** time of the last answer alone: streaming the parts into one file, hashing, moving it into storage */
  assemblySeconds: number;
  idleRssMb: number;
  peakRssMb: number;
  peakGrowthMb: number;
  /** RSS when 25, 50, 75 and 100 % of the chunks were answered (100 %: after assembly) */
  rssAtMb: Record<'25%' | '50%' | '75%' | '100%', number>;
  /** CPU seconds (user + system) the server used from the first chunk to the last answer */
  serverCpuSeconds: number;
  /** the server's CPU seconds over the wall time: its share of one core */
  serverCpuPercent: number;
  /** CPU the rest of the machine used meanwhile (every core, % of one core): the other work that makes the figures noisy */
  otherCpuPercent: number;
  /** CPU seconds this process (the client: making, hashing and sending the chunks) used meanwhile */
  clientCpuSeconds: number;
  /** the server stored exactly the bytes sent (size and SHA-256 checked by the server on assembly) */
  verified: boolean;
  goals: { throughput: { target: string; met: boolean }; memory: { target: string; met: boolean } };
}

const MB = 1024 * 1024;

function rssKb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far (fields 14 and 15 of /proc/<pid>/stat, USER_HZ = 100). */
function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
    return (f[11]! + f[12]!) / 100;
  } catch {
    return 0;
  }
}

/** Busy CPU seconds of the whole machine so far (every core, /proc/stat: all but idle and iowait). */
function machineBusySeconds(): number {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) / 100;
  } catch {
    return 0;
  }
}

/**
 * A multipart/form-data body as a browser's FormData sends it, around one file part: the bytes before
 * the file (the text fields and the file part's headers) and after it. The file itself is written as
 * it is, without being copied into the body.
 */
function multipartAround(fields: [string, string][], name: string, filename: string, type: string): { head: Buffer; tail: Buffer; boundary: string } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const text = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
  const head = Buffer.from(`${text}--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  return { head, tail: Buffer.from(`\r\n--${boundary}--\r\n`), boundary };
}

/** POSTs a body given as pieces (written one after the other, none copied) and reads the answer. */
function post(agent: Agent, url: URL, token: string, boundary: string, pieces: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(pieces.reduce((n, p) => n + p.length, 0)),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}

/** The first bytes of an MP4: an `ftyp` box (isom), which the server's magic-byte check asks for. */
const FTYP = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);

export async function benchChunkedUpload(
  base: string,
  serverPid: number,
  token: string,
  {
    fileMb = 1024,
    chunkMb = 5,
    dataDir,
    log = (line: string) => console.log(line),
  }: { fileMb?: number; chunkMb?: number; /** the server's DATA_DIR: an upload no record holds is not served, so it is checked there */ dataDir: string; log?: (line: string) => void },
): Promise<UploadBenchResult> {
  const size = fileMb * MB;
  const chunkSize = chunkMb * MB;
  const chunks = Math.ceil(size / chunkSize);
  const block = randomBytes(chunkSize);
  FTYP.copy(block, 0); // the file's first bytes (every chunk starts alike)
  const timestamp = `bench-${Date.now()}`;
  const hash = createHash('sha256');

  const idleKb = rssKb(serverPid);
  let peakKb = idleKb;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, rssKb(serverPid))), 20);
  const marks: Partial<Record<'25%' | '50%' | '75%' | '100%', number>> = {};
  const markAt = new Map([[Math.ceil(chunks * 0.25) - 1, '25%'], [Math.ceil(chunks * 0.5) - 1, '50%'], [Math.ceil(chunks * 0.75) - 1, '75%']] as const);

  const cpu0 = cpuSeconds(serverPid);
  const busy0 = machineBusySeconds();
  const self0 = process.cpuUsage();
  const started = process.hrtime.bigint();
  let lastStarted = started;
  let answer: { success?: boolean; message?: string; file?: { path: string; mimeType: string } } = {};
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL('/api/admin/media-file/upload-chunk', base);
    for (let index = 0; index < chunks; index++) {
      const length = Math.min(chunkSize, size - index * chunkSize);
      // the block itself, stamped (no copy, as a browser's File.slice makes none): no two chunks alike
      const chunk = block.subarray(0, length);
      chunk.writeUInt32BE(index, length - 4);
      const last = index === chunks - 1;
      if (last) hash.update(chunk);
      // the fields first, then the file part, as the console sends them (the server writes it in place as it arrives)
      const fields: [string, string][] = [
        ['index', String(index)],
        ['totalChunks', String(chunks)],
        ['timestamp', timestamp],
        ['fileExtension', 'mp4'],
        ['mimeType', 'video/mp4'],
        ['folder', 'health_literacy_contents'],
      ];
      if (last) fields.push(['sha256', hash.digest('hex')]);
      const { head, tail, boundary } = multipartAround(fields, 'chunk', 'bench.mp4', 'video/mp4');
      lastStarted = process.hrtime.bigint();
      const sent = post(agent, url, token, boundary, [head, chunk, tail]);
      // hashed while the request is on its way (the block is not touched again before the answer)
      if (!last) hash.update(chunk);
      const res = await sent;
      answer = JSON.parse(res.body) as typeof answer;
      if (res.status !== 200) throw new Error(`chunk ${index}: ${res.status} ${answer.message ?? ''}`);
      const mark = markAt.get(index);
      if (mark) marks[mark] = rssKb(serverPid);
    }
    agent.destroy();
  } finally {
    clearInterval(sampler);
  }
  const ended = process.hrtime.bigint();
  const serverCpu = cpuSeconds(serverPid) - cpu0;
  const selfUsage = process.cpuUsage(self0);
  const otherCpu = machineBusySeconds() - busy0 - serverCpu - (selfUsage.user + selfUsage.system) / 1e6;
  marks['100%'] = rssKb(serverPid);
  peakKb = Math.max(peakKb, marks['100%']);
  const seconds = Number(ended - started) / 1e9;
  const assemblySeconds = Number(ended - lastStarted) / 1e9;

  // the stored file: its size and its MP4 type (the server compared the SHA-256 on assembly); in the
  // server's storage, as no record holds it yet (/storage serves only held files)
  let verified = false;
  if (answer.file?.path) {
    const full = join(dataDir, 'storage', answer.file.path.replace(/^\/storage\//, ''));
    const info = statSync(full, { throwIfNoEntry: false });
    const head = Buffer.alloc(FTYP.length);
    if (info) {
      const fd = openSync(full, 'r');
      readSync(fd, head, 0, head.length, 0);
      closeSync(fd);
    }
    verified = info?.size === size && head.equals(FTYP) && answer.file.mimeType === 'video/mp4';
  }
  const mb = (kb: number) => Math.round(kb / 1024);
  const result: UploadBenchResult = {
    fileMb,
    chunkMb,
    chunks,
    seconds: Math.round(seconds * 100) / 100,
    mbPerSec: Math.round(fileMb / seconds),
    assemblySeconds: Math.round(assemblySeconds * 100) / 100,
    idleRssMb: mb(idleKb),
    peakRssMb: mb(peakKb),
    peakGrowthMb: mb(peakKb - idleKb),
    rssAtMb: { '25%': mb(marks['25%'] ?? 0), '50%': mb(marks['50%'] ?? 0), '75%': mb(marks['75%'] ?? 0), '100%': mb(marks['100%']) },
    serverCpuSeconds: Math.round(serverCpu * 100) / 100,
    serverCpuPercent: Math.round((serverCpu / seconds) * 100),
    otherCpuPercent: Math.max(0, Math.round((otherCpu / seconds) * 100)),
    clientCpuSeconds: Math.round(((selfUsage.user + selfUsage.system) / 1e6) * 100) / 100,
    verified,
    goals: { throughput: { target: '>= 150 MB/s', met: false }, memory: { target: 'RSS growth < 64 MB', met: false } },
  };
  result.goals.throughput.met = result.mbPerSec >= 150 && verified;
  result.goals.memory.met = result.peakGrowthMb < 64;
  log(
    `[bench] upload: ${fileMb} MB in ${chunks} chunks of ${chunkMb} MB: ${result.seconds} s (${result.mbPerSec} MB/s; the last chunk with assembly ${result.assemblySeconds} s); ` +
      `server CPU ${result.serverCpuSeconds} s (${result.serverCpuPercent} % of a core; the client ${result.clientCpuSeconds} s; the rest of the machine ${result.otherCpuPercent} %); ` +
      `server RSS ${result.idleRssMb} MB idle, peak ${result.peakRssMb} MB (+${result.peakGrowthMb} MB); at 25/50/75/100 %: ${Object.values(result.rssAtMb).join(' / ')} MB; stored file ${verified ? 'verified' : 'NOT verified'}`,
  );
  return result;
}
