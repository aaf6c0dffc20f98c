import { useLocaleState, useRecordContext } from 'react-admin';
import { formatDate } from '../../i18n/dates';

/** A period as the spec's "session" column shows it: its first and last day, in the console's language. */
export const sessionText = (start: unknown, end: unknown, locale: string): string =>
  [start, end].map((d) => formatDate(typeof d === 'string' ? d : null, locale)).filter(Boolean).join(' – ');

/** The record's period (`start` and `end` fields) as one line. */
export const Session = ({ start, end }: { start: string; end: string }) => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <>{record ? sessionText(record[start], record[end], locale) : ''}</>;
};

/** The period of a given record (a phone list's second line). */
export const SessionOf = ({ record, start, end }: { record: Record<string, unknown>; start: string; end: string }) => {
  const [locale] = useLocaleState();
  return <>{sessionText(record[start], record[end], locale)}</>;
};
