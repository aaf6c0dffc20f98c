import { DateInput, required, type Validator } from 'react-admin';
import { today } from './PersonInputs';

const notPast: Validator = (value: unknown) => (typeof value === 'string' && value !== '' && value < today() ? 'app.validation.date_past' : undefined);

/** The end is after the start, and a start is chosen first (spec 3: "Select a date after the start date!"). */
const afterStart =
  (startSource: string, strict: boolean): Validator =>
  (value: unknown, values: Record<string, unknown>) => {
    if (typeof value !== 'string' || value === '') return undefined;
    const start = values[startSource];
    return typeof start !== 'string' || start === '' || value < start || (strict && value === start) ? 'app.validation.date_order' : undefined;
  };

export interface PeriodInputsProps {
  start: string;
  end: string;
  /** i18n keys of the required messages */
  startRequired: string;
  endRequired: string;
  /** past dates refused; a stored past date may stay on edit (the server says the same) */
  mode: 'create' | 'edit';
  /** the end strictly after the start (campaigns); tasks may start and end on one day */
  strict?: boolean;
}

/**
 * A period of two dates (campaigns, tasks): neither before today, the end after the start. The browser's
 * date picker offers nothing before today; the server checks again.
 */
export const PeriodInputs = ({ start, end, startRequired, endRequired, mode, strict = false }: PeriodInputsProps) => {
  const min = today();
  const pastRule = mode === 'create' ? [notPast] : [];
  return (
    <>
      <DateInput source={start} validate={[required(startRequired), ...pastRule]} inputProps={{ min: mode === 'create' ? min : undefined }} />
      <DateInput source={end} validate={[required(endRequired), ...pastRule, afterStart(start, strict)]} inputProps={{ min: mode === 'create' ? min : undefined }} />
    </>
  );
};
