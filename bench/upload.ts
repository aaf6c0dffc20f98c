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
import { readFileSync } from 'node:fs';

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

/** The first bytes of an MP4: an `ftyp` box (isom), which the server's magic-byte check asks for. */
const FTYP = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);

export async function benchChunkedUpload(
  base: string,
  serverPid: number,
  token: string,
  { fileMb = 1024, chunkMb = 5, log = (line: string) => console.log(line) }: { fileMb?: number; chunkMb?: number; log?: (line: string) => void } = {},
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

  const started = process.hrtime.bigint();
  let lastStarted = started;
  let answer: { success?: boolean; message?: string; file?: { path: string; mimeType: string } } = {};
  try {
    for (let index = 0; index < chunks; index++) {
      const length = Math.min(chunkSize, size - index * chunkSize);
      // the block itself, stamped (no copy, as a browser's File.slice makes none): no two chunks alike
      const chunk = block.subarray(0, length);
      chunk.writeUInt32BE(index, length - 4);
      hash.update(chunk);
      const form = new FormData();
      form.append('chunk', new Blob([chunk]), 'bench.mp4');
      form.append('index', String(index));
      form.append('totalChunks', String(chunks));
      form.append('timestamp', timestamp);
      form.append('fileExtension', 'mp4');
      form.append('mimeType', 'video/mp4');
      form.append('folder', 'health_literacy_contents');
      if (index === chunks - 1) form.append('sha256', hash.digest('hex'));
      lastStarted = process.hrtime.bigint();
      const res = await fetch(`${base}/api/admin/media-file/upload-chunk`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      answer = (await res.json()) as typeof answer;
      if (!res.ok) throw new Error(`chunk ${index}: ${res.status} ${answer.message ?? ''}`);
      const mark = markAt.get(index);
      if (mark) marks[mark] = rssKb(serverPid);
    }
  } finally {
    clearInterval(sampler);
  }
  const ended = process.hrtime.bigint();
  marks['100%'] = rssKb(serverPid);
  peakKb = Math.max(peakKb, marks['100%']);
  const seconds = Number(ended - started) / 1e9;
  const assemblySeconds = Number(ended - lastStarted) / 1e9;

  // the stored file: its size, served with the MP4 type (the server compared the SHA-256 on assembly)
  let verified = false;
  if (answer.file?.path) {
    const head = await fetch(`${base}${answer.file.path}`, { method: 'HEAD' });
    verified = head.ok && Number(head.headers.get('content-length')) === size && (head.headers.get('content-type') ?? '').startsWith('video/mp4');
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
    verified,
    goals: { throughput: { target: '>= 150 MB/s', met: false }, memory: { target: 'RSS growth < 64 MB', met: false } },
  };
  result.goals.throughput.met = result.mbPerSec >= 150 && verified;
  result.goals.memory.met = result.peakGrowthMb < 64;
  log(
    `[bench] upload: ${fileMb} MB in ${chunks} chunks of ${chunkMb} MB: ${result.seconds} s (${result.mbPerSec} MB/s; the last chunk with assembly ${result.assemblySeconds} s); ` +
      `server RSS ${result.idleRssMb} MB idle, peak ${result.peakRssMb} MB (+${result.peakGrowthMb} MB); at 25/50/75/100 %: ${Object.values(result.rssAtMb).join(' / ')} MB; stored file ${verified ? 'verified' : 'NOT verified'}`,
  );
  return result;
}
