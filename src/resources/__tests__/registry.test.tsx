/**
 * The module registry holds every module to what the rest of the console needs from it: a sidebar
 * entry (or a reason for none), a route for each screen, and every text its screens ask for in the
 * dictionaries. Each module's list, add and edit screens are rendered with a dictionary that records
 * the keys they ask for; a key English lacks fails here (and the dictionaries test then holds the other
 * six languages to English).
 */
import { render, screen } from '@testing-library/react';
import englishMessages from 'ra-language-english';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, type I18nProvider, type RaRecord } from 'react-admin';
import { RESOURCE_NAMES, RESOURCES } from '../../../contract/resources';
import en from '../../i18n/en';
import { flattenMessages, mergeMessages, type Messages } from '../../i18n/messages';
import { MENU_TREE, type MenuNode } from '../../layout/Menu';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';
import { resourceNames, resources } from '..';

const english = flattenMessages(mergeMessages(englishMessages as Messages, en));

/** What react-admin asks for but a module may leave to react-admin's own words. */
const OPTIONAL = [
  /^resources\.[\w-]+\.(empty|invite|notifications?\.)/,
  /^resources\.[\w-]+\.fields\.(id|number|encrypted_id|q)$/,
  // buttons other than Add read react-admin's own words (Edit, Delete, Show)
  /^resources\.[\w-]+\.action\.(edit|delete|show|list|export)$/,
];

let base: I18nProvider;
beforeAll(async () => {
  base = await getTestI18nProvider();
});

/** The real English provider, noting every app and resource key it is asked for. */
const recording = (asked: Set<string>): I18nProvider => ({
  ...base,
  translate: (key: string, options?: Record<string, unknown>) => {
    if (/^(resources|app)\./.test(key)) asked.add(key);
    return base.translate(key, options);
  },
});

/** A record with something in every field a screen may read, so that columns and inputs render. */
const sampleRecord: RaRecord = {
  id: 'enc-1',
  number: 1,
  title: 'Sample',
  name: 'Sample',
  country: 'Sample',
  f_name: 'Sam',
  l_name: 'Ple',
  email: 'sample@example.org',
  status: 1,
  permissions: [],
  file: { src: '/storage/x/sample.png', title: 'sample.png', type: 'image/png' },
  // records that name another (an appointment's doctor and patient) or are named by their own fields
  label: 'Sample',
  disease_name: 'Sample',
  detail: 'Sample',
  doctor: { f_name: 'Sam', l_name: 'Ple' },
  patient: { f_name: 'Sam', l_name: 'Ple' },
  user: { f_name: 'Sam', l_name: 'Ple' },
  msg: 'Sample',
  // rich-text records (pages, FAQs)
  value: '<p>Sample</p>',
  question: 'Sample',
  answer: '<p>Sample</p>',
};

/** Every date field a list may show, as the server sends them: days and ISO timestamps. */
const DAY = '2026-03-04';
const STAMP = '2026-03-04T09:15:00.000Z';
const datedRecord: RaRecord = {
  ...sampleRecord,
  ...Object.fromEntries(['date', 'from_date', 'to_date', 's_date', 'e_date', 'first_date', 'start_date', 'end_date', 'dob', 'c_date', 'joining_date'].map((f) => [f, DAY])),
  ...Object.fromEntries(['dated_at', 'created_at', 'updated_at', 'submitted_at', 'replied_at'].map((f) => [f, STAMP])),
  s_time: '09:00',
  e_time: '09:20',
};

const leaves = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((node) => (typeof node === 'string' ? [node] : 'children' in node ? leaves(node.children) : []));

describe('module registry', () => {
  it('has a console module for every resource of contract/resources.ts, and no other', () => {
    expect([...resourceNames].sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it('places every module in the sidebar once, or says why it has no entry', () => {
    const inMenu = leaves(MENU_TREE);
    for (const name of resourceNames) {
      const { menu } = resources[name];
      if ('hidden' in menu) {
        expect([name, menu.hidden.length > 10]).toEqual([name, true]);
        expect(inMenu).not.toContain(name);
      } else {
        expect([name, inMenu.filter((n) => n === name).length]).toEqual([name, 1]);
      }
    }
  });

  it('names every module in the dictionary: its name, page titles and add button', () => {
    const missing = resourceNames.flatMap((name) => {
      const keys = [`resources.${name}.name`, `resources.${name}.page.list`];
      if (resources[name].create) keys.push(`resources.${name}.page.create`, `resources.${name}.action.create`);
      if (resources[name].edit) keys.push(`resources.${name}.page.edit`);
      return keys.filter((key) => english[key] === undefined);
    });
    expect(missing).toEqual([]);
  });

  it.each(resourceNames.filter((name) => resources[name].list).map((name) => [name]))('%s: its list shows dates in the reader\'s locale, never as ISO text', async (name) => {
    const List = resources[name].list!;
    const dataProvider = appTestDataProvider({
      getList: async () => ({ data: [datedRecord], total: 1 }),
      getMany: async () => ({ data: [datedRecord] }),
    } as Parameters<typeof appTestDataProvider>[0]);
    const { container, unmount } = render(
      <TestMemoryRouter initialEntries={[`/${name}`]}>
        <AdminTestContext i18nProvider={base} dataProvider={dataProvider} permissions={[`view_${RESOURCES[name].module}`]} resource={name}>
          <Routes>
            <Route path={`/${name}`} element={<List />} />
          </Routes>
        </AdminTestContext>
      </TestMemoryRouter>,
    );
    await screen.findAllByText(/Sample|Sam/);
    expect(container.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    unmount();
  });

  it.each(resourceNames.map((name) => [name]))('%s: every text its list, add and edit screens ask for is in the dictionary', async (name) => {
    const asked = new Set<string>();
    const i18nProvider = recording(asked);
    const config = resources[name];
    const dataProvider = appTestDataProvider({
      getList: async () => ({ data: [sampleRecord], total: 1 }),
      getOne: async () => ({ data: sampleRecord }),
      getMany: async () => ({ data: [sampleRecord] }),
      getPermissionModules: async () => ({ data: [] }),
    } as Parameters<typeof appTestDataProvider>[0]);
    const permission = (action: string) => `${action}_${RESOURCES[name].module}`;
    const screens: [string, string, React.ComponentType | undefined][] = [
      ['list', `/${name}`, config.list],
      ['create', `/${name}/create`, config.create],
      ['edit', `/${name}/enc-1`, config.edit],
    ];
    for (const [, path, Screen] of screens) {
      if (!Screen) continue;
      const { unmount } = render(
        <TestMemoryRouter initialEntries={[path]}>
          <AdminTestContext
            i18nProvider={i18nProvider}
            dataProvider={dataProvider}
            permissions={['view', 'create', 'edit', 'delete'].map(permission)}
            resource={name}
          >
            <Routes>
              <Route path={`/${name}`} element={<Screen />} />
              <Route path={`/${name}/create`} element={<Screen />} />
              <Route path={`/${name}/:id`} element={<Screen />} />
            </Routes>
          </AdminTestContext>
        </TestMemoryRouter>,
      );
      // the screen has drawn its record or its form (the Submit or the row's value)
      await screen.findAllByText(/Sample|Sam|Submit/);
      unmount();
    }
    const missing = [...asked].filter((key) => english[key] === undefined && !OPTIONAL.some((re) => re.test(key)));
    expect(missing).toEqual([]);
  });
});
