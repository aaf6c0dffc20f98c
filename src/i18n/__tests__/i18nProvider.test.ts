import { alignAdminLocale, availableLocales, createI18nProvider, toI18nextResources } from '../i18nProvider';

afterEach(() => localStorage.clear());

describe('i18nProvider', () => {
  it('offers the seven languages to react-admin, named in their own language', async () => {
    const provider = await createI18nProvider('en');
    expect(provider.getLocales?.()).toEqual(availableLocales);
    expect(availableLocales.map(({ locale }) => locale)).toEqual(['en', 'de', 'es', 'fr', 'pt', 'zh', 'ar']);
  });

  it('starts in the stored language', async () => {
    localStorage.setItem('currentLanguage', 'de');
    const provider = await createI18nProvider();
    expect(provider.getLocale()).toBe('de');
    expect(provider.translate('ra.action.save')).toBe('Speichern');
    expect(provider.translate('app.dashboard.welcome', { name: 'Amina' })).toBe('Willkommen, Amina');
    expect(provider.translate('resources.roles.name', { smart_count: 2 })).toBe('Rollen');
  });

  it('starts in English when the stored language is not offered', async () => {
    localStorage.setItem('currentLanguage', 'xx');
    const provider = await createI18nProvider();
    expect(provider.getLocale()).toBe('en');
    expect(provider.translate('app.menu.logout')).toBe('Log out');
    expect(provider.translate('ra.action.save')).toBe('Save');
  });

  it('loads a chosen language and stores it under currentLanguage', async () => {
    const provider = await createI18nProvider('en');
    await provider.changeLocale('fr');
    expect(localStorage.getItem('currentLanguage')).toBe('fr');
    expect(provider.getLocale()).toBe('fr');
    // react-admin's own French messages, and the app's.
    expect(provider.translate('ra.action.export')).toBe('Exporter');
    expect(provider.translate('app.menu.change_password')).toBe('Changer le mot de passe');
    // The spec's wording for a react-admin message is translated too.
    expect(provider.translate('ra.notification.http_error')).toBe('Une erreur est survenue !');
    await provider.changeLocale('xx');
    expect(provider.getLocale()).toBe('en');
    expect(localStorage.getItem('currentLanguage')).toBe('en');
  });

  it('counts in Arabic without falling back to English', async () => {
    const provider = await createI18nProvider('ar');
    const selected = (count: number) => provider.translate('ra.action.bulk_actions', { smart_count: count });
    expect(selected(0)).toBe('لم يُحدَّد أي عنصر');
    expect(selected(1)).toBe('تم تحديد عنصر واحد');
    expect(selected(2)).toBe('تم تحديد عنصرين');
    expect(selected(3)).toBe('تم تحديد 3 عناصر');
    expect(selected(11)).toBe('تم تحديد 11 عنصرًا');
    expect(selected(100)).toBe('تم تحديد 100 عنصر');
    // A two-form message: the plural text for every count but one.
    expect(provider.translate('ra.notification.deleted', { smart_count: 3 })).toBe('عدد العناصر المحذوفة: 3');
    expect(provider.translate('ra.notification.deleted', { smart_count: 1 })).toBe('تم حذف العنصر');
    expect(provider.translate('resources.admins.name', { smart_count: 2 })).toBe('المشرفون');
  });

  it('counts in Chinese (one plural form)', async () => {
    const provider = await createI18nProvider('zh');
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 4 })).toBe('已选择 4 项');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 })).toBe(
      '第 1-10 条，共 42 条',
    );
  });

  it("brings react-admin's stored locale in line with currentLanguage", () => {
    localStorage.setItem('RaStore.locale', JSON.stringify('fr'));
    localStorage.setItem('currentLanguage', 'de');
    expect(alignAdminLocale()).toBe('de');
    expect(JSON.parse(localStorage.getItem('RaStore.locale') ?? 'null')).toBe('de');
  });
});

describe('toI18nextResources', () => {
  it('turns placeholders and plural variants into i18next keys for each plural category', () => {
    expect(toI18nextResources({ a: { b: 'Hello %{name}', c: 'one %{n} |||| many %{n}' } }, 'en')).toEqual({
      a: { b: 'Hello {{name}}', c_one: 'one {{n}}', c_other: 'many {{n}}' },
    });
    const arabic = toI18nextResources({ c: 'one |||| many' }, 'ar');
    expect(arabic).toEqual({ c_zero: 'many', c_one: 'one', c_two: 'many', c_few: 'many', c_many: 'many', c_other: 'many' });
    const sixForms = toI18nextResources({ c: '0 |||| 1 |||| 2 |||| 3 |||| 11 |||| 100' }, 'ar');
    expect(sixForms).toEqual({ c_zero: '0', c_one: '1', c_two: '2', c_few: '3', c_many: '11', c_other: '100' });
  });
});
