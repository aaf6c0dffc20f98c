import { LANGUAGE_STORAGE_KEY, dateTimeFormat, formatDate, getStoredLanguage, storeLanguage, toLanguageCode } from '../languages';

afterEach(() => localStorage.clear());

describe('stored language', () => {
  it('is English when nothing is stored', () => {
    expect(getStoredLanguage()).toBe('en');
  });

  it('reads the code stored under currentLanguage', () => {
    localStorage.setItem('currentLanguage', 'ar');
    expect(getStoredLanguage()).toBe('ar');
  });

  it.each(['xx', 'klingon', 'EN-', '', '{"lang":"de"}', 'undefined'])('falls back to English for %p', (stored) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
    expect(getStoredLanguage()).toBe('en');
  });

  it('accepts a regional tag of an offered language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    expect(getStoredLanguage()).toBe('pt');
    expect(toLanguageCode('ar_AE')).toBe('ar');
    expect(toLanguageCode('ZH')).toBe('zh');
  });

  it('stores a choice under currentLanguage, an unsupported one as English', () => {
    expect(storeLanguage('fr')).toBe('fr');
    expect(localStorage.getItem('currentLanguage')).toBe('fr');
    expect(getStoredLanguage()).toBe('fr');
    storeLanguage('xx');
    expect(localStorage.getItem('currentLanguage')).toBe('en');
  });
});

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

describe('dateTimeFormat', () => {
  it('makes one format a locale and options, and a new one when either differs', () => {
    const long = dateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })).toBe(long);
    expect(long.format(new Date(Date.UTC(2026, 10, 22)))).toBe('22 November');
    const short = dateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    expect(short).not.toBe(long);
    expect(short.format(new Date(Date.UTC(2026, 10, 22)))).toBe('22 Nov');
    const german = dateTimeFormat('de-DE', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    expect(german).not.toBe(long);
    expect(german.format(new Date(Date.UTC(2026, 10, 22)))).toBe('22. November');
  });
});
