import { LANGUAGE_STORAGE_KEY, dateTimeFormat, getStoredLanguage, storeLanguage, toLanguageCode } from '../languages';

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
