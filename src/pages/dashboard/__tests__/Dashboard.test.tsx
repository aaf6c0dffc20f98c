import { render, screen, within } from '@testing-library/react';
import type { I18nProvider } from 'react-admin';
import { Dashboard, lastTwelveMonths } from '../../Dashboard';
import { formatMonth, readDashboard, type DashboardData } from '../api';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../../testing/AdminTestContext';

// jsdom has no layout, so recharts draws nothing there: the chart is replaced at its lazy boundary by a
// table of what it was given (the categories and each series' values).
jest.mock('../BarChartView', () => ({
  __esModule: true,
  default: ({ rows, categoryKey, series }: import('../BarChartView').BarChartViewProps) => (
    <table>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[categoryKey])}>
            <th>{row[categoryKey]}</th>
            {series.map((item) => (
              <td key={item.key}>{`${item.label}: ${row[item.key]}`}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
}));

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
/** The dashboard asks its data provider's getDashboard(), whatever backend answers it. */
const renderDashboard = (data: DashboardData) => {
  const getDashboard = jest.fn(async () => ({ data }));
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getDashboard })}>
      <Dashboard />
    </AdminTestContext>,
  );
  return getDashboard;
};

const card = (name: string): HTMLElement => screen.getByRole('region', { name });

describe('Dashboard', () => {
  it('shows the totals and their sum, the charts and the task submissions from the API', async () => {
    const months = lastTwelveMonths();
    const getDashboard = renderDashboard({
      total_users: 21,
      admins: 3,
      doctors: 7,
      patients: 11,
      cities: [
        { city_name: 'Lahore', doctor_count: 4, patient_count: 6 },
        { city_name: 'Multan', doctor_count: 3, patient_count: 5 },
      ],
      // two of the last twelve months had appointments; the others show 0
      appointments: [
        { appointment_month: months[2]!, total_appointments: 12 },
        { appointment_month: months[3]!, total_appointments: 9 },
      ],
      tasks: [{ task_name: 'Polio survey', submission_count: 42 }],
    });

    expect(await screen.findByTestId('total-sum')).toHaveTextContent('21');
    const totals = card('Users');
    expect(within(totals).getByText('Admins')).toBeInTheDocument();
    expect(within(totals).getByTestId('total-admins')).toHaveTextContent('3');
    expect(within(totals).getByTestId('total-doctors')).toHaveTextContent('7');
    expect(within(totals).getByTestId('total-patients')).toHaveTextContent('11');
    expect(within(totals).getByText('Total')).toBeInTheDocument();
    expect(getDashboard).toHaveBeenCalledTimes(1);

    expect(within(card('Total Users')).queryByText('No data yet')).not.toBeInTheDocument();
    expect(within(card('Total Appointments')).queryByText('No data yet')).not.toBeInTheDocument();
    const tasks = card('Task submissions');
    expect(within(tasks).getByText('Polio survey')).toBeInTheDocument();
    expect(within(tasks).getByText('42')).toBeInTheDocument();
    // The charts load lazily behind a suspense boundary.
    const users = card('Total Users');
    const lahore = (await within(users).findByText('Lahore')).closest('tr') as HTMLElement;
    expect(within(lahore).getByText('Doctors: 4')).toBeInTheDocument();
    expect(within(lahore).getByText('Patients: 6')).toBeInTheDocument();
    const appointments = card('Total Appointments');
    const third = (await within(appointments).findByText(formatMonth(months[2]!, 'en'))).closest('tr') as HTMLElement;
    expect(within(third).getByText('Appointments: 12')).toBeInTheDocument();
    expect(within(appointments).getByText(formatMonth(months[3]!, 'en'))).toBeInTheDocument();
    // every month of the last twelve, in order, those without appointments at 0
    const rows = within(appointments).getAllByRole('row');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(months.map((m) => formatMonth(m, 'en')));
    expect(within(rows[0]!).getByText('Appointments: 0')).toBeInTheDocument();
  });

  it("says 'No data yet' for charts without data and leaves out the task list", async () => {
    renderDashboard({
      total_users: 1,
      admins: 1,
      doctors: 0,
      patients: 0,
      cities: [{ city_name: 'Lahore', doctor_count: 0, patient_count: 0 }],
      appointments: [],
      tasks: [],
    });

    expect(await screen.findByTestId('total-sum')).toHaveTextContent('1');
    expect(within(card('Total Users')).getByText('No data yet')).toBeInTheDocument();
    expect(within(card('Total Appointments')).getByText('No data yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Task submissions' })).not.toBeInTheDocument();
  });
});

describe('Dashboard data', () => {
  it('counts the last twelve months back from this one, across a year', () => {
    const months = lastTwelveMonths(new Date('2026-02-10T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect([months[0], months[10], months[11]]).toEqual(['2025-03', '2026-01', '2026-02']);
  });

  it('shows months in en-GB form', () => {
    expect(formatMonth('2026-01', 'en')).toBe('January 2026');
    expect(formatMonth('2025-12', 'en')).toBe('December 2025');
    expect(formatMonth('not a month', 'en')).toBe('not a month');
  });

  it('reads missing lists as empty and numeric text as numbers', () => {
    expect(readDashboard({ admins: '2', cities: null })).toEqual({
      total_users: 0,
      admins: 2,
      doctors: 0,
      patients: 0,
      cities: [],
      appointments: [],
      tasks: [],
    });
  });
});
