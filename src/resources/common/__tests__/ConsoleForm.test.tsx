/**
 * A refused save leads to its first field: the form's own rules and the server's field errors alike,
 * the focus on the first field in error as the form shows them, scrolled into view, and the toast
 * naming it (not react-admin's "Please fill the required fields in correct format!").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, TextInput, required, type I18nProvider } from 'react-admin';
import admins from '../../admins';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, inMemoryLists } from '../../../testing/AdminTestContext';
import { ResourceCreate } from '../ResourceForms';

let i18nProvider: I18nProvider;
const scrolled: Element[] = [];
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
  // jsdom lays nothing out and has no scrollIntoView: record which element was brought into view
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
beforeEach(() => {
  scrolled.length = 0;
});

const roles = { roles: [{ id: 'r-2', name: 'Editor', permissions: [] }] };

describe('a refused save leads to its first field', () => {
  it("the form's rules: the first field in error, named with its message and the count of others", async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn();
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ create })} resource="interests">
        <ResourceCreate>
          <TextInput source="first" label="First" />
          <TextInput source="second" label="Second" validate={required('Second is missing.')} />
          <TextInput source="third" label="Third" validate={required('Third is missing.')} />
        </ResourceCreate>
      </AdminTestContext>,
    );
    await user.type(await screen.findByLabelText('First'), 'filled');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Check “Second”: Second is missing. (and 1 more field)')).toBeInTheDocument();
    const second = screen.getByLabelText(/^Second/);
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(scrolled).toContain(second);
    expect(screen.queryByText('Please fill the required fields in correct format!')).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it("the server's refusal of fields far down a long form (a password rule): the first as the form shows them (not as the answer lists them) focused, in view and named", async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn(async () => {
      throw new HttpError('The given data was invalid.', 422, { errors: { cnic: 'This CNIC is already registered.', password: 'The password is too easy to guess: add another word or two.' } });
    });
    const AdminCreate = admins.create!;
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList: jest.fn(inMemoryLists(roles)), create })} permissions={['view_sub_admin', 'create_sub_admin']} resource="admins">
        <AdminCreate />
      </AdminTestContext>,
    );
    await user.type(await screen.findByLabelText(/First Name/), 'Amina');
    await user.type(screen.getByLabelText(/Email/), 'amina@example.org');
    await user.type(screen.getByLabelText(/Phone/), '03001234567');
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.type(screen.getByLabelText(/Confirm Password/), 'password1');
    await user.type(screen.getByLabelText(/CNIC/), '3510212345671');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    // react-admin's data provider logs a failed call outside production; this one is expected
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Check “Password”: The password is too easy to guess: add another word or two. (and 1 more field)')).toBeInTheDocument();
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(scrolled).toContain(password);
    expect(create).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it("a refusal of a field the form does not show: the focus goes to the alert that names it", async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn(async () => {
      throw new HttpError('The given data was invalid.', 422, { errors: { district_id: 'Please select a district.' } });
    });
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ create })} resource="tehsils">
        <ResourceCreate>
          <TextInput source="title" label="Title" />
        </ResourceCreate>
      </AdminTestContext>,
    );
    await user.type(await screen.findByLabelText('Title'), 'Mingora');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByText('Select District...: Please select a district.');
    await waitFor(() => expect(document.activeElement).toBe(alert.closest('[role="alert"]')));
    expect(await screen.findByText('Check “Select District...”: Please select a district.')).toBeInTheDocument();
    logged.mockRestore();
  });
});

// every screen's form is a ConsoleForm: a SimpleForm of its own would bring back react-admin's notice
it('no screen builds a form with SimpleForm itself', () => {
  const src = join(__dirname, '../../..');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.includes('__tests__'));
  const own = files.filter((f) => /<SimpleForm\b|import[^;]*\bSimpleForm\b[^;]*from 'react-admin'/.test(readFileSync(join(src, f), 'utf8')));
  expect(files.length).toBeGreaterThan(100);
  expect(own.map((f) => relative(src, join(src, f)))).toEqual([]);
});
