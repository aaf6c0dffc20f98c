import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { GetListParams, I18nProvider } from 'react-admin';
import { AuditLogList, canSeeAudit, changeRows } from '..';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../../testing/AdminTestContext';

// entries as the data provider gives them (the actor named by its id)
const rows = [
  {
    id: 12,
    created_at: '2026-03-05T10:00:00.000Z',
    action: 'update',
    resource: 'districts',
    record_id: 4,
    record_encrypted_id: 'd-4',
    actor: { id: 'a-2', encrypted_id: 'a-2', name: 'Amina Khan', email: 'amina@example.org' },
    changes: { title: { from: 'Swat', to: 'Swat Valley' } },
    ip: '10.0.0.7',
  },
  {
    id: 11,
    created_at: '2026-03-05T09:00:00.000Z',
    action: 'field_login',
    resource: 'users',
    record_id: 9,
    record_encrypted_id: null,
    actor: null,
    changes: null,
    ip: '10.0.0.8',
  },
];

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const renderList = () => {
  const getList = jest.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: rows.length }));
  const getAuditFacets = jest.fn(async () => ({ data: { resources: ['districts', 'users'], actions: ['update', 'field_login'] } }));
  render(
    <MemoryRouter initialEntries={['/audit-log']}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList, getAuditFacets })} permissions={['view_activity_doctor']}>
        <AuditLogList />
      </AdminTestContext>
    </MemoryRouter>,
  );
  return getList;
};

describe('Audit log', () => {
  it('says who did what to which record and when; a row opens onto the before and after', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();

    const row = (await screen.findByText('Amina Khan')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Updated')).toBeInTheDocument();
    // the Back link of every list (document 3 §2)
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'District #4' })).toHaveAttribute('href', '/districts/d-4/show');
    expect(within(row).getByText('10.0.0.7')).toBeInTheDocument();
    const appRow = screen.getByText('Signed in (app)').closest('tr') as HTMLElement;
    expect(within(appRow).getByText('Field app or server')).toBeInTheDocument();

    await user.click(within(row).getByText('Updated'));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const cells = within(changes).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['Swat', 'Swat Valley']);
    expect(within(changes).getByRole('rowheader', { name: 'title' })).toBeInTheDocument();
  });

  it("filters by the admin whose name is pressed, with a chip that clears it, and by the log's resources", async () => {
    const user = userEvent.setup({ delay: null });
    const getList = renderList();

    await user.click(await screen.findByRole('button', { name: /Amina Khan/ }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('audit-log', expect.objectContaining({ filter: expect.objectContaining({ admin_id: 'a-2' }) })));
    const chip = await screen.findByText('Admin: Amina Khan');
    expect(chip).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Record' }));
    await user.click(await screen.findByRole('option', { name: 'Districts' }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('audit-log', expect.objectContaining({ filter: expect.objectContaining({ admin_id: 'a-2', resource: 'districts' }) })));
  });

  it('reads changes as fields with before and after, or values of a create', () => {
    expect(changeRows({ title: { from: 'A', to: 'B' }, status: { from: 1, to: 2 } })).toEqual([
      { field: 'title', before: 'A', after: 'B' },
      { field: 'status', before: '1', after: '2' },
    ]);
    expect(changeRows({ title: 'Swat', password: '[hidden]', tags: ['a'] })).toEqual([
      { field: 'title', before: null, after: 'Swat' },
      { field: 'password', before: null, after: '[hidden]' },
      { field: 'tags', before: null, after: '["a"]' },
    ]);
    expect(changeRows(null)).toEqual([]);
    expect(canSeeAudit(['create_activity_chw'])).toBe(true);
    expect(canSeeAudit(['view_location'])).toBe(false);
  });
});
