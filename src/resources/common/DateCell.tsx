import { useLocaleState, useRecordContext } from 'react-admin';
import { formatDate } from '../../i18n/dates';

/** A day (YYYY-MM-DD) or an ISO timestamp, as the server sends dates. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

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
