import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';

/** Detects JPEG and PNG by their first bytes: the file name and the client's content type are not trusted. */
export function imageType(data: Buffer): 'jpg' | 'png' | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

/** Local disk storage under DATA_DIR/storage, served at /storage. Paths stored in rows are relative. */
export class LocalStorage {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = join(dataDir, 'storage');
  }

  async put(folder: string, ext: string, data: Buffer): Promise<string> {
    const dir = join(this.root, folder);
    await mkdir(dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await writeFile(join(dir, name), data);
    return `${folder}/${name}`;
  }

  async remove(path: string | null): Promise<void> {
    if (!path) return;
    const full = normalize(join(this.root, path));
    if (!full.startsWith(this.root)) return;
    await unlink(full).catch(() => undefined);
  }

  url(path: string | null): string | null {
    return path ? `/storage/${path}` : null;
  }
}
