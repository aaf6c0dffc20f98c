import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Title, useDataProvider, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { retryUnlessClientError, type AppDataProvider } from '../providers/dataProvider';
import { useChangesRefetch } from '../providers/useResourceChanges';
import { DASHBOARD_QUERY_KEY, dateLocale, formatMonth, readDashboard, type DashboardData } from './dashboard/api';
import type { ChartSeries } from './dashboard/BarChartView';

/**
 * recharts comes in its own chunk, fetched when this module runs (while the sign-in form is shown, or
 * when the console loads). A chart drawn once it is here is drawn at once, not through a Suspense
 * fallback, which React 19 keeps on screen for at least 300 ms.
 */
let chartModule: typeof import('./dashboard/BarChartView') | undefined;
const loadChart = () => import('./dashboard/BarChartView').then((module) => (chartModule = module));
void loadChart().catch(() => undefined);
const LazyBarChartView = lazy(loadChart);

const CHART_HEIGHT = 300;

const useNumberFormat = (): ((value: number) => string) => {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const format = new Intl.NumberFormat(dateLocale(locale));
    return (value: number) => format.format(value);
  }, [locale]);
};

const DashboardCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card sx={{ height: '100%' }} component="section" aria-label={title}>
    <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
    <Divider />
    <CardContent>{children}</CardContent>
  </Card>
);

const NoData = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography color="text.secondary">{translate('app.dashboard.no_data')}</Typography>
    </Box>
  );
};

const ChartSkeleton = () => <Skeleton variant="rounded" height={CHART_HEIGHT} />;

interface ChartProps {
  rows: Record<string, string | number>[];
  categoryKey: string;
  series: ChartSeries[];
  horizontal?: boolean;
}

/** What the dashboard counts: a change to any of them reads it again. */
const DASHBOARD_SOURCES = ['appointments', 'app-users', 'doctors', 'admins', 'chw', 'tasks', 'dynamic-forms'] as const;

/** A chart, or 'No data yet' when there are no rows or every value is zero. */
const Chart = ({ rows, categoryKey, series, horizontal = false }: ChartProps) => {
  const formatNumber = useNumberFormat();
  const empty = rows.every((row) => series.every((item) => !row[item.key]));
  if (empty) return <NoData />;
  const BarChartView = chartModule?.default ?? LazyBarChartView;
  const chart = (
    <Suspense fallback={<ChartSkeleton />}>
      <BarChartView rows={rows} categoryKey={categoryKey} series={series} height={CHART_HEIGHT} formatNumber={formatNumber} horizontal={horizontal} />
    </Suspense>
  );
  // every city, each named: the chart grows with them and scrolls within its card
  return horizontal ? <Box sx={{ maxHeight: CHART_HEIGHT * 1.6, overflowY: 'auto' }}>{chart}</Box> : chart;
};

/** The last twelve months, oldest first, as YYYY-MM (a month without appointments shows as 0). */
export const lastTwelveMonths = (now: Date = new Date()): string[] =>
  Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });

const Totals = ({ data, failed }: { data: DashboardData | undefined; failed: boolean }) => {
  const translate = useTranslate();
  const formatNumber = useNumberFormat();
  const lines = data
    ? [
        { key: 'admins', value: data.admins },
        { key: 'doctors', value: data.doctors },
        { key: 'patients', value: data.patients },
      ]
    : [];
  const total = lines.reduce((sum, line) => sum + line.value, 0);
  return (
    <DashboardCard title={translate('app.dashboard.totals')}>
      {data ? (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1.5, columnGap: 2 }}>
          {lines.map((line) => (
            <Box key={line.key} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(`app.dashboard.${line.key}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 'bold', textAlign: 'end' }} data-testid={`total-${line.key}`}>
                {formatNumber(line.value)}
              </Typography>
            </Box>
          ))}
          {/* a rule between the counts and their sum: a div, the one element a <dl> takes besides its terms */}
          <Box sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider' }} />
          <Typography component="dt" sx={{ fontWeight: 'bold' }}>
            {translate('app.dashboard.total')}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, textAlign: 'end' }} data-testid="total-sum">
            {formatNumber(total)}
          </Typography>
        </Box>
      ) : failed ? (
        <Typography color="text.secondary">{translate('app.dashboard.no_data')}</Typography>
      ) : (
        <Box aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height={32} />
          ))}
        </Box>
      )}
    </DashboardCard>
  );
};

const TaskSubmissionList = ({ data }: { data: DashboardData }) => {
  const translate = useTranslate();
  const formatNumber = useNumberFormat();
  return (
    <DashboardCard title={translate('app.dashboard.tasks')}>
      <List dense disablePadding>
        {data.tasks.map((task, index) => (
          <ListItem
            key={`${task.task_name}-${index}`}
            disableGutters
            secondaryAction={<Typography sx={{ fontWeight: 'bold' }}>{formatNumber(task.submission_count)}</Typography>}
          >
            <ListItemText primary={task.task_name} />
          </ListItem>
        ))}
      </List>
    </DashboardCard>
  );
};

/** The home page (spec 1 section 2.5): totals, users per city, appointments per month, task submissions. */
export const Dashboard = () => {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const { identity } = useGetIdentity();
  // Through react-admin's data provider, which also signs out on an expired session.
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    // read again: after a sign-out react-admin answers an empty object instead of the data
    queryFn: async ({ signal }) => readDashboard((await dataProvider.getDashboard({ signal })).data),
    retry: retryUnlessClientError,
  });
  // bookings, completions and cancels (from the apps too), new people and submissions show without a reload
  useChangesRefetch(DASHBOARD_SOURCES, DASHBOARD_QUERY_KEY);

  const citySeries: ChartSeries[] = [
    { key: 'doctor_count', label: translate('app.dashboard.doctors'), color: theme.palette.primary.main },
    { key: 'patient_count', label: translate('app.dashboard.patients'), color: theme.palette.secondary.main },
  ];
  const appointmentSeries: ChartSeries[] = [
    { key: 'total_appointments', label: translate('app.dashboard.appointments'), color: theme.palette.primary.main },
  ];
  const cityRows = (data?.cities ?? []).map((city) => ({ ...city }));
  const counted = new Map((data?.appointments ?? []).map((m) => [m.appointment_month.slice(0, 7), m.total_appointments]));
  const monthRows = lastTwelveMonths().map((month) => ({
    appointment_month: formatMonth(month, locale),
    total_appointments: counted.get(month) ?? 0,
  }));

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="app.page.dashboard" />
      <Typography variant="h5" component="h1">
        {translate('app.page.dashboard')}
      </Typography>
      {identity?.fullName ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.dashboard.welcome', { name: identity.fullName })}
        </Typography>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('app.dashboard.retry')}
            </Button>
          }
        >
          {translate('app.dashboard.load_failed')}
        </Alert>
      ) : null}
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Totals data={data} failed={Boolean(error)} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <DashboardCard title={translate('app.dashboard.total_users')}>
            {isPending || !data ? (
              error ? <NoData /> : <ChartSkeleton />
            ) : (
              <Chart rows={cityRows} categoryKey="city_name" series={citySeries} horizontal />
            )}
          </DashboardCard>
        </Grid>
        <Grid size={{ xs: 12, md: data && data.tasks.length > 0 ? 8 : 12 }}>
          <DashboardCard title={translate('app.dashboard.total_appointments')}>
            {isPending || !data ? (
              error ? <NoData /> : <ChartSkeleton />
            ) : (
              <Chart rows={monthRows} categoryKey="appointment_month" series={appointmentSeries} />
            )}
          </DashboardCard>
        </Grid>
        {data && data.tasks.length > 0 ? (
          <Grid size={{ xs: 12, md: 4 }}>
            <TaskSubmissionList data={data} />
          </Grid>
        ) : null}
      </Grid>
    </Box>
  );
};
