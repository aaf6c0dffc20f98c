import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import {
  DataTable, ListContextProvider, Loading, useCreate, useDataProvider, useGetList, useList, useLocaleState, useNotify, useRecordContext, useTranslate,
  type Identifier, type RaRecord,
} from 'react-admin';
import { CHARGE_STEP, MIN_CHARGE, MIN_SESSION_MINUTES, minutesOf, onChargeStep, slotTimes, totalFee, type DutySlot } from '../../../contract/dutyRoster';
import { getLanguage } from '../../i18n/languages';
import type { AppDataProvider } from '../../providers/dataProvider';
import { NoData } from '../common/ResourceList';
import { submissionErrors } from '../common/submissionErrors';
import { formatDay, formatMonth, monthOfDay, todayIso } from './calendarDays';
import { RosterCalendar, type BlockedReason } from './RosterCalendar';

/**
 * The Working Hours tab of a doctor's profile (spec 2, "Duty roster"): a month calendar to choose the
 * days, the hours, the session and the charge a minute, the slots they make shown before saving; the
 * month's stored slots with their statuses; and the doctor's schedules. The server generates the slots
 * again with the same function (contract/dutyRoster.ts), computes the fee and refuses overlaps.
 */

const KEY = 'resources.duty-roasters';

export interface RosterValues {
  s_time: string;
  e_time: string;
  session: string;
  charge: string;
}

type Errors = Partial<Record<keyof RosterValues | 'dates', string>>;

/** The range in minutes, or null while a time is missing or the end is not after the start. */
const rangeOf = ({ s_time, e_time }: RosterValues): number | null => {
  if (!s_time || !e_time) return null;
  const range = minutesOf(e_time) - minutesOf(s_time);
  return range > 0 ? range : null;
};

/** The spec's messages (i18n keys) for what is wrong, field by field. */
export function rosterErrors(values: RosterValues, dates: number): Errors {
  const errors: Errors = {};
  if (!values.s_time) errors.s_time = `${KEY}.validation.from_required`;
  if (!values.e_time) errors.e_time = `${KEY}.validation.to_required`;
  else if (values.s_time && minutesOf(values.e_time) <= minutesOf(values.s_time)) errors.e_time = `${KEY}.validation.order`;
  const range = rangeOf(values);
  const session = Number(values.session);
  if (values.session === '' || !Number.isInteger(session) || session < MIN_SESSION_MINUTES) errors.session = `${KEY}.validation.session`;
  else if (range !== null && session > range) errors.session = `${KEY}.validation.too_short`;
  if (values.charge === '' || !(Number(values.charge) >= MIN_CHARGE)) errors.charge = `${KEY}.validation.charge`;
  else if (!onChargeStep(Number(values.charge))) errors.charge = `${KEY}.validation.charge_step`;
  if (!dates) errors.dates = `${KEY}.validation.dates`;
  return errors;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ display: 'grid', gap: 1 }}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The slots the chosen hours make on each chosen day, and the remainder left out. */
const SlotPreview = ({ values, dates, locale }: { values: RosterValues; dates: string[]; locale: string }) => {
  const translate = useTranslate();
  const session = Number(values.session);
  const range = rangeOf(values);
  const ready = range !== null && Number.isInteger(session) && session >= MIN_SESSION_MINUTES;
  const slots = ready ? slotTimes(values.s_time, values.e_time, session) : [];
  const lastEnd = slots.length ? slots[slots.length - 1]!.e_time : values.s_time;
  const remainder = ready && slots.length && lastEnd !== values.e_time ? { from: lastEnd, to: values.e_time } : null;
  return (
    <Section title={translate(`${KEY}.editor.preview`)}>
      {!ready || !slots.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${KEY}.editor.preview_empty`)}
        </Typography>
      ) : (
        <>
          <Box component="ul" aria-label={translate(`${KEY}.editor.preview_day`)} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {slots.map((s) => (
              <li key={s.s_time}>
                <Chip size="small" variant="outlined" color="primary" label={`${s.s_time}–${s.e_time}`} />
              </li>
            ))}
          </Box>
          {remainder ? (
            <Typography variant="body2" color="warning.dark">
              {translate(`${KEY}.editor.remainder`, { from: remainder.from, to: remainder.to })}
            </Typography>
          ) : null}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate(`${KEY}.editor.preview_summary`, { slots: slots.length, dates: dates.length, total: slots.length * dates.length })}
          </Typography>
          {dates.length ? (
            <Typography variant="body2" color="text.secondary">
              {dates.map((d) => formatDay(d, locale, { weekday: 'short', day: 'numeric', month: 'short' })).join(' · ')}
            </Typography>
          ) : null}
        </>
      )}
    </Section>
  );
};

/** The month's stored slots, day by day, with their statuses: Available and Cancelled open, Booked and Reserved not. */
const StoredSlots = ({ month, slots, isPending, locale }: { month: string; slots: DutySlot[]; isPending: boolean; locale: string }) => {
  const translate = useTranslate();
  const days = [...new Set(slots.map((s) => s.date))];
  return (
    <Section title={translate(`${KEY}.editor.stored`, { month: formatMonth(month, locale) })}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${KEY}.editor.legend`)}
      </Typography>
      {isPending ? (
        <Loading />
      ) : !days.length ? (
        <Typography variant="body2">{translate(`${KEY}.editor.no_slots`)}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label={translate(`${KEY}.editor.stored`, { month: formatMonth(month, locale) })}>
          {days.map((day) => (
            <Box component="li" key={day} sx={{ display: 'grid', gap: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatDay(day, locale)}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {slots
                  .filter((s) => s.date === day)
                  .map((s) => (
                    <Chip
                      key={s.id}
                      size="small"
                      variant={s.open ? 'outlined' : 'filled'}
                      color={s.open ? (s.status === 'Available' ? 'success' : 'default') : s.status === 'Booked' ? 'primary' : 'warning'}
                      label={`${s.s_time}–${s.e_time} · ${translate(`${KEY}.status.${s.status}`, { _: s.status })}`}
                      title={translate(s.open ? `${KEY}.editor.open` : `${KEY}.editor.unavailable`)}
                    />
                  ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
};

/** The doctor's schedules: dates, hours, session and fee. */
const Schedules = ({ doctorId }: { doctorId: Identifier | undefined }) => {
  const [language] = useLocaleState();
  const locale = getLanguage(language).dateLocale;
  const { data, isPending } = useGetList(
    'duty-roasters',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'first_date', order: 'DESC' }, filter: { paginate: false, doctor_id: doctorId } },
    { enabled: doctorId !== undefined },
  );
  const list = useList({ data: data ?? [], isPending });
  if (isPending) return <Loading />;
  return (
    <ListContextProvider value={list}>
      {/* a phone scrolls the table sideways rather than widening the page */}
      <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <DataTable resource="duty-roasters" bulkActionButtons={false} rowClick={false} empty={<NoData />}>
          <DataTable.Col source="label" disableSort />
          {/* the dates as the reader's language writes them (en-GB in English: "22 Nov 2026"), as the calendar above does */}
          <DataTable.Col source="dates" disableSort render={(r: RaRecord) => (Array.isArray(r.dates) ? r.dates.map((d) => formatDay(String(d), locale, { day: 'numeric', month: 'short', year: 'numeric' })).join(', ') : '')} />
          <DataTable.Col source="s_time" disableSort render={(r: RaRecord) => `${r.s_time}–${r.e_time}`} />
          <DataTable.Col source="session" disableSort />
          <DataTable.Col source="charge" disableSort />
          <DataTable.Col source="total_fee" disableSort />
        </DataTable>
      </Box>
    </ListContextProvider>
  );
};

const EMPTY: RosterValues = { s_time: '', e_time: '', session: '', charge: '' };

export const WorkingHours = () => {
  const doctor = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [language] = useLocaleState();
  const locale = getLanguage(language).dateLocale;
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [create, { isPending: saving }] = useCreate();
  const today = todayIso();
  const currentMonth = monthOfDay(today);
  const [month, setMonth] = useState(currentMonth);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [values, setValues] = useState<RosterValues>(EMPTY);
  const [tried, setTried] = useState(false);
  const doctorId = doctor?.id;

  const slotsQuery = useQuery({
    queryKey: ['duty-roasters', 'getDutySlots', { doctorId, month }],
    queryFn: ({ signal }) => dataProvider.getDutySlots({ doctorId: doctorId!, month, signal }),
    enabled: doctorId !== undefined,
  });
  const slots = slotsQuery.data?.data ?? [];
  const scheduled = new Set(slots.map((s) => s.date));
  const blocked = (day: string): BlockedReason | null => (day < today ? 'past' : scheduled.has(day) ? 'scheduled' : null);

  const dates = [...selected].sort();
  const errors = rosterErrors(values, dates.length);
  const range = rangeOf(values);
  const sessionEnabled = range !== null && range >= MIN_SESSION_MINUTES;
  const fee = !errors.session && !errors.charge ? totalFee(Number(values.session), Number(values.charge)) : null;
  const shown = (field: keyof Errors) => (tried && errors[field] ? translate(errors[field]) : undefined);
  const set = (field: keyof RosterValues) => (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const save = () => {
    setTried(true);
    const first = Object.values(errors)[0];
    if (first) {
      notify(first, { type: 'error' });
      return;
    }
    const session = Number(values.session);
    const charge = Number(values.charge);
    const data = { doctor_id: doctorId, s_time: values.s_time, e_time: values.e_time, session, charge, total_fee: totalFee(session, charge), dates };
    void create(
      'duty-roasters',
      { data },
      {
        onSuccess: () => {
          notify('app.notification.added', { type: 'success' });
          setSelected(new Set());
          setTried(false);
          void queryClient.invalidateQueries({ queryKey: ['duty-roasters'] });
        },
        // the spec shows the roster's field errors as the toast
        onError: (failure) => {
          const fieldErrors = submissionErrors(failure, notify);
          const message = fieldErrors ? Object.values(fieldErrors).flat()[0] : undefined;
          if (message) notify(String(message), { type: 'error' });
        },
      },
    );
  };

  if (!doctor) return <Loading />;
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Paper variant="outlined" component="section" aria-labelledby="roster-editor-title" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <Typography id="roster-editor-title" variant="h6" component="h2">
          {translate(`${KEY}.editor.title`)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 460px) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 1 }}>
            <RosterCalendar month={month} minMonth={currentMonth} onMonthChange={setMonth} selected={selected} onChange={setSelected} blocked={blocked} locale={locale} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" color={shown('dates') ? 'error' : 'text.secondary'} aria-live="polite">
                {shown('dates') ?? translate(`${KEY}.editor.chosen`, { smart_count: dates.length })}
              </Typography>
              {dates.length ? (
                <Button size="small" onClick={() => setSelected(new Set())}>
                  {translate(`${KEY}.editor.clear`)}
                </Button>
              ) : null}
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, alignContent: 'start' }}>
            <TextField type="time" label={translate(`${KEY}.fields.time_from`)} value={values.s_time} onChange={set('s_time')} required error={Boolean(shown('s_time'))} helperText={shown('s_time')} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField type="time" label={translate(`${KEY}.fields.e_time`)} value={values.e_time} onChange={set('e_time')} required error={Boolean(shown('e_time'))} helperText={shown('e_time')} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField
              type="number"
              label={translate(`${KEY}.fields.session`)}
              value={values.session}
              onChange={set('session')}
              required
              disabled={!sessionEnabled}
              error={sessionEnabled && Boolean(shown('session'))}
              helperText={!sessionEnabled ? translate(`${KEY}.editor.session_disabled`) : shown('session')}
              slotProps={{ htmlInput: { min: MIN_SESSION_MINUTES, max: range ?? undefined, step: 1 }, inputLabel: { shrink: true } }}
            />
            <TextField
              type="number"
              label={translate(`${KEY}.fields.charge`)}
              value={values.charge}
              onChange={set('charge')}
              required
              error={Boolean(shown('charge'))}
              helperText={shown('charge')}
              slotProps={{ htmlInput: { min: MIN_CHARGE, step: CHARGE_STEP }, inputLabel: { shrink: true } }}
            />
            <TextField
              label={translate(`${KEY}.fields.total_fee`)}
              value={fee === null ? '' : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(fee)}
              helperText={translate(`${KEY}.editor.fee_help`)}
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            />
          </Box>
        </Box>
        <Divider />
        <SlotPreview values={values} dates={dates} locale={locale} />
        <Box>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving || doctorId === undefined}>
            {translate(`${KEY}.editor.save`)}
          </Button>
        </Box>
      </Paper>
      <StoredSlots month={month} slots={slots} isPending={slotsQuery.isPending} locale={locale} />
      <Section title={translate(`${KEY}.editor.schedules`)}>
        <Schedules doctorId={doctorId} />
      </Section>
    </Box>
  );
};
