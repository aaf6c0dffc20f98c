import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import { useDataProvider, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider, OpenSlot } from '../../providers/dataProvider';
import { dateLocale } from '../../i18n/languages';
import { daysOfMonth, firstWeekday, formatDay, formatMonth, monthOfDay, shiftMonth, todayIso, weekdayNames, weekdayOf } from '../duty-roasters/calendarDays';

const mirrored = (theme: Theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' });

export interface SlotPickerProps {
  /** the doctor whose open slots are offered (the numeric id the server's filters take) */
  doctorId: Identifier;
  /** the chosen slot's encrypted id */
  value: string | null;
  onChange: (slot: OpenSlot | null) => void;
  /** changes when the offer must be read again (a booking lost its slot) */
  version?: number;
}

/** The open slots of one month, by day. */
export const useOpenSlots = (doctorId: Identifier, month: string, version = 0) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['appointments', 'getOpenSlots', { doctorId, month, version }],
    queryFn: ({ signal }) => dataProvider.getOpenSlots({ doctorId, month, signal }).then((r) => r.data),
  });
};

/**
 * A doctor's open slots (spec 2: Available or Cancelled, not started yet): a month of days where only
 * those with an open slot can be chosen (the others are shown disabled), then that day's slots as
 * chips. The month goes forward freely and back to the current one.
 */
export const SlotPicker = ({ doctorId, value, onChange, version = 0 }: SlotPickerProps) => {
  const translate = useTranslate();
  const [language] = useLocaleState();
  // dates as the language writes them (en-GB's day first in English)
  const locale = dateLocale(language);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const today = todayIso();
  const [month, setMonth] = useState(monthOfDay(today));
  const [day, setDay] = useState<string | null>(null);
  const { data, isPending, error } = useOpenSlots(doctorId, month, version);
  const byDay = useMemo(() => {
    const map = new Map<string, OpenSlot[]>();
    for (const slot of data ?? []) map.set(slot.date, [...(map.get(slot.date) ?? []), slot]);
    return map;
  }, [data]);

  // another doctor, or the offer read again: a chosen day without slots is let go
  useEffect(() => setDay(null), [doctorId]);
  useEffect(() => {
    if (day && !isPending && !byDay.has(day)) setDay(null);
  }, [day, byDay, isPending]);
  useEffect(() => {
    if (value && !isPending && data && !data.some((s) => s.id === value)) onChange(null);
  }, [value, data, isPending, onChange]);

  const days = daysOfMonth(month);
  const first = firstWeekday(locale);
  const order = Array.from({ length: 7 }, (_, i) => (first + i) % 7);
  const names = weekdayNames(locale, narrow ? 'narrow' : 'short');
  const lead = (weekdayOf(days[0]!) - first + 7) % 7;
  const slots = day ? (byDay.get(day) ?? []) : [];
  const goTo = (m: string) => {
    setMonth(m);
    setDay(null);
    onChange(null);
  };
  const cell = { minWidth: 0, height: { xs: 40, sm: 44 }, borderRadius: 1, typography: 'body2' } as const;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box role="group" aria-labelledby={titleId} sx={{ width: '100%', maxWidth: 420 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <IconButton onClick={() => goTo(shiftMonth(month, -1))} disabled={month <= monthOfDay(today)} aria-label={translate('resources.appointments.book.previous_month')}>
            <ChevronLeftIcon sx={mirrored} />
          </IconButton>
          <Typography id={titleId} variant="subtitle1" component="h3" aria-live="polite" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
            {formatMonth(month, locale)}
            {isPending ? <CircularProgress size={16} aria-label={translate('ra.page.loading')} /> : null}
          </Typography>
          <IconButton onClick={() => goTo(shiftMonth(month, 1))} aria-label={translate('resources.appointments.book.next_month')}>
            <ChevronRightIcon sx={mirrored} />
          </IconButton>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}>
          {order.map((weekday) => (
            <Box key={`w${weekday}`} aria-hidden sx={{ textAlign: 'center', typography: 'caption', fontWeight: 600, color: 'text.secondary' }}>
              {names[weekday]}
            </Box>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            <Box key={`lead${i}`} aria-hidden />
          ))}
          {days.map((d) => {
            const open = byDay.get(d)?.length ?? 0;
            const chosen = d === day;
            const name = formatDay(d, locale);
            return (
              <ButtonBase
                key={d}
                data-day={d}
                disabled={!open}
                onClick={() => {
                  setDay(d);
                  onChange(null);
                }}
                aria-pressed={chosen}
                aria-label={open ? translate('resources.appointments.book.day_open', { day: name, smart_count: open }) : translate('resources.appointments.book.day_closed', { day: name })}
                sx={{
                  ...cell,
                  border: 1,
                  borderColor: chosen ? 'primary.main' : open ? 'primary.light' : 'divider',
                  bgcolor: chosen ? 'primary.main' : 'transparent',
                  color: chosen ? 'primary.contrastText' : open ? 'text.primary' : 'text.disabled',
                  fontWeight: open ? 600 : 400,
                  '&:hover': chosen || !open ? undefined : { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 1 },
                }}
              >
                {formatDay(d, locale, { day: 'numeric' })}
              </ButtonBase>
            );
          })}
        </Box>
      </Box>
      {error ? <Alert severity="error">{translate('resources.appointments.book.slots_failed')}</Alert> : null}
      {!isPending && !error && byDay.size === 0 ? <Alert severity="info">{translate('resources.appointments.book.no_slots_month')}</Alert> : null}
      {day ? (
        <Box role="radiogroup" aria-label={translate('resources.appointments.book.slots_of', { day: formatDay(day, locale) })} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {slots.map((slot) => (
            <Chip
              key={slot.id}
              role="radio"
              aria-checked={slot.id === value}
              label={`${slot.s_time}–${slot.e_time}`}
              color={slot.id === value ? 'primary' : 'default'}
              variant={slot.id === value ? 'filled' : 'outlined'}
              onClick={() => onChange(slot)}
            />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.appointments.book.choose_day')}
        </Typography>
      )}
    </Box>
  );
};
