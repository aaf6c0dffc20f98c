import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../providers/dataProvider';
import { AUDIENCES, type Audience } from './api';

/** How long the audience must stay put before it is counted (a quick change of mind asks nothing). */
export const COUNT_DEBOUNCE_MS = 300;

/** The count of an audience as a query: one key and one call for the preview and the confirmation. */
const audienceQuery = (dataProvider: AppDataProvider, sendTo: Audience) => ({
  queryKey: ['notifications', 'audience', sendTo] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await dataProvider.countNotificationAudience({ sendTo, signal })).data.recipients,
  staleTime: 5_000,
});
const isAudience = (value: unknown): value is Audience => (AUDIENCES as readonly unknown[]).includes(value);

/**
 * How many a send to the audience reaches now, as the backend counts it (the send's own count); null
 * when it cannot say (a backend without the count, a failure). Asked afresh unless counted a moment ago.
 */
export async function countAudience(queryClient: QueryClient, dataProvider: AppDataProvider, sendTo: Audience): Promise<number | null> {
  try {
    return await queryClient.fetchQuery(audienceQuery(dataProvider, sendTo));
  } catch {
    return null;
  }
}

/** A count in the reader's language: the plural form by `smart_count`, the figure written as the locale writes it. */
export const useCountWords = () => {
  const translate = useTranslate();
  const locale = useLocale();
  return (key: string, count: number, options: Record<string, unknown> = {}) =>
    translate(key, { ...options, smart_count: count, number: new Intl.NumberFormat(locale).format(count) });
};

/**
 * Under the audience: "This will reach 953 recipients", counted when the audience has stayed put for a
 * moment, and said plainly when the backend cannot count it.
 */
export const AudienceCount = () => {
  const sendTo: unknown = useWatch({ name: 'sendTo' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const words = useCountWords();
  const [settled, setSettled] = useState<Audience | null>(isAudience(sendTo) ? sendTo : null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(isAudience(sendTo) ? sendTo : null), COUNT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sendTo]);
  const counted = useQuery({ ...audienceQuery(dataProvider, settled ?? 'admin'), enabled: settled !== null, retry: false });
  const text =
    settled === null
      ? null
      : settled !== sendTo || counted.isPending
        ? translate('app.notifications.counting')
        : counted.isError
          ? translate('app.notifications.count_unavailable')
          : words('app.notifications.will_reach', counted.data);
  if (text === null) return null;
  return (
    <Typography variant="body2" role="status" aria-live="polite" sx={{ mt: -0.5, mb: 2, mx: 1.75 }}>
      {text}
    </Typography>
  );
};
