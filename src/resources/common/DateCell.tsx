import { useLocaleState, useRecordContext } from 'react-admin';
import { dateTimeFormat } from '../../i18n/languages';

/** A day (YYYY-MM-DD) or an ISO timestamp, as the server sends dates. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/** Dates as the spec shows them: en-GB style, day, long month, year (in the console's language). */
export const formatDate = (value: string | null, locale: string): string => {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
};

/** A date in the reader's locale (en-GB's "22 November 2026" in English), never the raw ISO text. */
export const LocalDate = ({ value }: { value: unknown }) => {
  const [locale] = useLocaleState();
  return <>{typeof value === 'string' ? formatDate(value, locale) : ''}</>;
};

/** A list column's date, `<DataTable.Col source="from_date"><DateCell source="from_date" /></DataTable.Col>`: on one line (a date over three lines made its row three lines high). */
export const DateCell = ({ source }: { source: string }) => {
  const record = useRecordContext();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <LocalDate value={record?.[source]} />
    </span>
  );
};
