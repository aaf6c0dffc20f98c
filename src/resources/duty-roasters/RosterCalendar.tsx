import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { daysOfMonth, firstWeekday, formatDay, formatMonth, shiftMonth, weekdayNames, weekdayOf } from './calendarDays';

/** Why a day cannot be chosen: it has gone by, or the doctor already has hours on it. */
export type BlockedReason = 'past' | 'scheduled';

export interface RosterCalendarProps {
  /** the month shown, YYYY-MM */
  month: string;
  /** the earliest month one may go to (the current one) */
  minMonth: string;
  onMonthChange: (month: string) => void;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  blocked: (day: string) => BlockedReason | null;
  /** the locale of dates (Intl) */
  locale: string;
}

const mirrored = (theme: Theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' });

/**
 * A month of days to choose for a duty roster (spec 2): each day a button, pressed when chosen, and
 * aria-disabled (still focusable, so a keyboard user hears why) when it has gone by or already has a
 * schedule; a weekday's header chooses all of that weekday's free days of the month, or lets them go
 * when all are chosen. The month goes forward freely and back to the current month only.
 */
export const RosterCalendar = ({ month, minMonth, onMonthChange, selected, onChange, blocked, locale }: RosterCalendarProps) => {
  const translate = useTranslate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const days = daysOfMonth(month);
  const first = firstWeekday(locale);
  const order = Array.from({ length: 7 }, (_, i) => (first + i) % 7);
  const longNames = weekdayNames(locale, 'long');
  const shortNames = weekdayNames(locale, narrow ? 'narrow' : 'short');
  const lead = (weekdayOf(days[0]!) - first + 7) % 7;
  const free = (weekday: number) => days.filter((d) => weekdayOf(d) === weekday && !blocked(d));

  const toggleWeekday = (weekday: number) => {
    const mine = free(weekday);
    if (!mine.length) return;
    const next = new Set(selected);
    const all = mine.every((d) => selected.has(d));
    for (const d of mine) {
      if (all) next.delete(d);
      else next.add(d);
    }
    onChange(next);
  };
  const toggleDay = (day: string) => {
    if (blocked(day)) return;
    const next = new Set(selected);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    onChange(next);
  };

  const cell = { minWidth: 0, height: { xs: 40, sm: 44 }, borderRadius: 1, typography: 'body2' } as const;

  return (
    <Box role="group" aria-labelledby={titleId} sx={{ width: '100%', maxWidth: 460 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton onClick={() => onMonthChange(shiftMonth(month, -1))} disabled={month <= minMonth} aria-label={translate('resources.duty-roasters.editor.previous_month')}>
          <ChevronLeftIcon sx={mirrored} />
        </IconButton>
        <Typography id={titleId} variant="subtitle1" component="h3" aria-live="polite" sx={{ fontWeight: 600 }}>
          {formatMonth(month, locale)}
        </Typography>
        <IconButton onClick={() => onMonthChange(shiftMonth(month, 1))} aria-label={translate('resources.duty-roasters.editor.next_month')}>
          <ChevronRightIcon sx={mirrored} />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}>
        {order.map((weekday) => {
          const mine = free(weekday);
          const all = mine.length > 0 && mine.every((d) => selected.has(d));
          return (
            <ButtonBase
              key={`w${weekday}`}
              onClick={() => toggleWeekday(weekday)}
              aria-label={translate('resources.duty-roasters.editor.select_weekday', { day: longNames[weekday] })}
              aria-pressed={all}
              aria-disabled={mine.length === 0 || undefined}
              title={translate('resources.duty-roasters.editor.select_weekday', { day: longNames[weekday] })}
              sx={{
                ...cell,
                height: 32,
                fontWeight: 600,
                fontSize: '0.75rem',
                color: mine.length ? 'primary.main' : 'text.disabled',
                bgcolor: all ? (t) => alpha(t.palette.primary.main, 0.12) : undefined,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                cursor: mine.length ? 'pointer' : 'default',
                '&:hover': mine.length ? { bgcolor: (t) => alpha(t.palette.primary.main, 0.08) } : undefined,
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
              }}
            >
              {shortNames[weekday]}
            </ButtonBase>
          );
        })}
        {Array.from({ length: lead }, (_, i) => (
          <Box key={`lead${i}`} aria-hidden />
        ))}
        {days.map((day) => {
          const reason = blocked(day);
          const chosen = selected.has(day);
          const name = formatDay(day, locale);
          return (
            <ButtonBase
              key={day}
              onClick={() => toggleDay(day)}
              aria-pressed={chosen}
              aria-disabled={reason ? true : undefined}
              aria-label={reason === 'scheduled' ? translate('resources.duty-roasters.editor.day_scheduled', { day: name }) : name}
              data-day={day}
              sx={{
                ...cell,
                border: 1,
                borderColor: chosen ? 'primary.main' : 'divider',
                bgcolor: chosen ? 'primary.main' : reason === 'scheduled' ? (t) => alpha(t.palette.success.main, 0.12) : 'transparent',
                color: chosen ? 'primary.contrastText' : reason === 'past' ? 'text.disabled' : reason === 'scheduled' ? 'success.dark' : 'text.primary',
                textDecoration: reason === 'scheduled' ? 'line-through' : 'none',
                cursor: reason ? 'not-allowed' : 'pointer',
                '&:hover': reason || chosen ? undefined : { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 1 },
              }}
            >
              {formatDay(day, locale, { day: 'numeric' })}
            </ButtonBase>
          );
        })}
      </Box>
      <Box aria-hidden sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, typography: 'caption', color: 'text.secondary' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: 'primary.main' }} />
          {translate('resources.duty-roasters.editor.legend_chosen')}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: (t) => alpha(t.palette.success.main, 0.12) }} />
          {translate('resources.duty-roasters.editor.legend_scheduled')}
        </Box>
      </Box>
    </Box>
  );
};
