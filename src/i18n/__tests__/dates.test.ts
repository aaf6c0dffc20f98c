import { formatDate } from '../dates';

describe('formatDate', () => {
  it('writes English dates in the en-GB form of the spec (day, long month, year)', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('22 November 2026');
    expect(formatDate(new Date(2026, 0, 5, 12), 'en')).toBe('5 January 2026');
  });

  it("uses each language's own form", () => {
    expect(formatDate('2026-11-22', 'de')).toBe('22. November 2026');
    expect(formatDate('2026-11-22', 'es')).toBe('22 de noviembre de 2026');
    expect(formatDate('2026-11-22', 'fr')).toBe('22 novembre 2026');
    expect(formatDate('2026-11-22', 'pt')).toBe('22 de novembro de 2026');
    expect(formatDate('2026-11-22', 'zh')).toBe('2026年11月22日');
    expect(formatDate('2026-11-22', 'ar')).toMatch(/نوفمبر/);
  });

  it('keeps a date-only value on its calendar day and leaves unreadable values as they are', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('1 January 2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDate(null, 'en')).toBe('');
  });
});
