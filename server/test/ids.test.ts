import { IdCodec } from '../src/http/ids';

describe('encrypted ids', () => {
  const codec = new IdCodec(Buffer.alloc(32, 3));
  const fresh = () => new IdCodec(Buffer.alloc(32, 3));

  test('the same id gives the same string, from the kept strings or computed anew, and decodes back', () => {
    // more ids than are kept per resource, twice: the second pass mixes kept and recomputed strings
    for (let pass = 0; pass < 2; pass++) {
      for (let id = 1; id <= 25_000; id += 7) {
        const text = codec.encode('patients', id);
        expect(text).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(codec.decode('patients', text)).toBe(id);
      }
    }
    expect(codec.encode('patients', 12_345)).toBe(fresh().encode('patients', 12_345));
  });

  test('ids of one resource are not ids of another, and a changed character is no id', () => {
    const text = codec.encode('admins', 42);
    expect(codec.encode('roles', 42)).not.toBe(text);
    expect(codec.decode('roles', text)).toBeNull();
    const tampered = (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    expect(codec.decode('admins', tampered)).toBeNull();
  });
});
