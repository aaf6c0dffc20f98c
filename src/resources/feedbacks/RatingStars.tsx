import Rating from '@mui/material/Rating';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A rating out of five as read-only stars, named for screen readers ("4 stars out of 5"); nothing for
 * a missing or out-of-range value rather than a misleading row of stars.
 */
export const RatingStars = ({ value, size = 'small' }: { value: unknown; size?: 'small' | 'medium' }) => {
  const translate = useTranslate();
  const n = Number(value);
  if (value === null || value === undefined || !Number.isInteger(n) || n < 1 || n > 5) return null;
  return <Rating value={n} max={5} readOnly size={size} getLabelText={(v: number) => translate('resources.feedbacks.stars', { smart_count: v })} />;
};

export const RatingField = ({ source = 'rating' }: { source?: string; label?: string }) => {
  const record = useRecordContext();
  return <RatingStars value={record?.[source]} />;
};
