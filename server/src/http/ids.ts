import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/**
 * Encrypted ids: one AES-256 block holding 8 zero bytes and the id as a 64-bit integer, under a key
 * derived per resource from APP_KEY. Deterministic (same id, same string), opaque, tamper-evident (a
 * changed string decrypts to a block whose 8 zero bytes are gone: 1 in 2^64 chance of passing) and not
 * interchangeable between resources (another resource's key yields garbage). 22 URL-safe characters.
 */
export class IdCodec {
  private readonly keys = new Map<string, Buffer>();

  constructor(private readonly appKey: Buffer) {}

  private key(resource: string): Buffer {
    let key = this.keys.get(resource);
    if (!key) {
      key = createHmac('sha256', this.appKey).update(`encrypted-id:${resource}`).digest();
      this.keys.set(resource, key);
    }
    return key;
  }

  encode(resource: string, id: number): string {
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(BigInt(id), 8);
    const cipher = createCipheriv('aes-256-ecb', this.key(resource), null).setAutoPadding(false);
    return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
  }

  /** The id, or null when the string is not a valid id of this resource. */
  decode(resource: string, encrypted: string): number | null {
    if (typeof encrypted !== 'string' || !/^[A-Za-z0-9_-]{22}$/.test(encrypted)) return null;
    const data = Buffer.from(encrypted, 'base64url');
    // the 22nd character carries 2 bits of data and 4 padding bits: only the canonical spelling is the id
    if (data.length !== 16 || data.toString('base64url') !== encrypted) return null;
    const decipher = createDecipheriv('aes-256-ecb', this.key(resource), null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(data), decipher.final()]);
    if (block.readBigUInt64BE(0) !== 0n) return null;
    const id = block.readBigUInt64BE(8);
    if (id === 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    return Number(id);
  }
}
