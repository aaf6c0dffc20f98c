import type { ReactNode } from 'react';
import { ArrayInput, SimpleFormIterator, type Validator } from 'react-admin';

export interface RowsInputProps {
  /** the list's field (prescription `items`, form `questions`, center `services`) */
  source: string;
  /** the inputs of one row */
  children: ReactNode;
  /** the first row stays (facility services: the first cannot be removed) */
  keepFirst?: boolean;
  validate?: Validator | Validator[];
  label?: string;
}

/**
 * Repeatable rows written with their record (the server's child rows): Add adds a row, each row but
 * (with keepFirst) the first can be removed. Rows keep their `id`, so the server updates them in place.
 */
export const RowsInput = ({ source, children, keepFirst = false, validate, label }: RowsInputProps) => (
  <ArrayInput source={source} validate={validate} label={label}>
    <SimpleFormIterator
      inline
      disableReordering
      disableClear
      sx={keepFirst ? { '& .RaSimpleFormIterator-line:first-of-type .button-remove': { visibility: 'hidden' } } : undefined}
    >
      {children}
    </SimpleFormIterator>
  </ArrayInput>
);
