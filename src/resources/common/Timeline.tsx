import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/dates';
import { NoData } from './ResourceList';

/** The spec's colour cycle of timeline items (spec 2, patient profile). */
export const TIMELINE_COLOURS = ['#e53935', '#43a047', '#1e88e5', '#fdd835', '#8e24aa', '#fb8c00'] as const;

export interface TimelineItem {
  key: string | number;
  /** YYYY-MM-DD or an ISO timestamp */
  date: string | null;
  title: ReactNode;
  detail?: ReactNode;
  /** where the item leads (its show page) */
  to?: string;
  /** items dated today or later are marked New */
  markNew?: boolean;
}

const todayText = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** A vertical timeline; each item in the next colour of the cycle, 'Data not found' when empty. */
export const Timeline = ({ items, locale = 'en' }: { items: TimelineItem[]; locale?: string }) => {
  const translate = useTranslate();
  if (!items.length) return <NoData />;
  const today = todayText();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item, index) => {
        const colour = TIMELINE_COLOURS[index % TIMELINE_COLOURS.length];
        const isNew = item.markNew && item.date !== null && item.date.slice(0, 10) >= today;
        return (
          <Box component="li" key={item.key} sx={{ display: 'flex', gap: 2, pb: 2, position: 'relative' }} data-colour={colour}>
            <Box sx={{ flex: 'none', width: 12, height: 12, mt: 0.75, borderRadius: '50%', bgcolor: colour }} aria-hidden />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                {formatDate(item.date, locale)}
                {item.markNew ? <Chip size="small" label={translate(isNew ? 'app.timeline.new' : 'app.timeline.past')} color={isNew ? 'success' : 'default'} variant="outlined" /> : null}
              </Typography>
              <Typography variant="subtitle2">
                {item.to ? (
                  <Link component={RouterLink} to={item.to}>
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </Typography>
              {item.detail ? <Typography variant="body2" color="text.secondary">{item.detail}</Typography> : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
};
