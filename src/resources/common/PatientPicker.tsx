import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { required, useGetList, useInput, useTranslate, type RaRecord } from 'react-admin';
import { fullName } from './people';

/** How long typing rests before the search goes out. */
const SEARCH_DELAY_MS = 300;

export interface PatientAutocompleteProps {
  value: RaRecord | null;
  onChange: (patient: RaRecord | null) => void;
  label?: string;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
  /** the label's required marker (the form's validation says so) */
  required?: boolean;
  /** react-admin's input classes (`ra-input-<source>`): a refused save finds the field by them */
  className?: string;
  /** the text box's name, as a form's input has */
  name?: string;
}

const optionLabel = (p: RaRecord) => [fullName(p), p.phone_no].filter(Boolean).join(' · ');

/**
 * Finds a patient as staff know them, by name or phone (or email, CNIC): the patients list's own
 * search (its full-text index), a page of ten, within the admin's districts as every list is.
 */
export const PatientAutocomplete = ({ value, onChange, label = 'app.patient_picker.label', error, helperText, autoFocus, required: isRequired = false, className, name }: PatientAutocompleteProps) => {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const typed = search.length >= 2;
  const { data, isFetching } = useGetList('app-users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'f_name', order: 'ASC' }, filter: { q: search } }, { enabled: typed });
  const options = typed ? (data ?? []) : [];
  return (
    <Autocomplete<RaRecord>
      className={className}
      value={value}
      onChange={(_, patient) => onChange(patient)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      loading={isFetching}
      noOptionsText={translate(typed ? 'app.patient_picker.none' : 'app.patient_picker.type')}
      loadingText={translate('ra.page.loading')}
      renderInput={(params) => (
        <TextField {...params} name={name} InputLabelProps={{ ...params.InputLabelProps, required: isRequired }} label={translate(label)} error={error} helperText={helperText ?? translate('app.patient_picker.hint')} autoFocus={autoFocus} />
      )}
    />
  );
};

/**
 * The patient of a form that is not opened under one (the global Add of medical histories,
 * prescriptions and family members): the picked patient's id goes to `source`.
 */
export const PatientInput = ({ source, label = 'app.patient_picker.label' }: { source: string; label?: string }) => {
  const translate = useTranslate();
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const { field, fieldState, isRequired } = useInput({ source, validate: required('app.patient_picker.required') });
  const message = fieldState.error?.message;
  return (
    <PatientAutocomplete
      className={`ra-input ra-input-${source}`}
      name={source}
      value={picked}
      label={label}
      required={isRequired}
      onChange={(patient) => {
        setPicked(patient);
        field.onChange(patient ? patient.id : null);
      }}
      error={Boolean(message)}
      helperText={message ? translate(message, { _: message }) : undefined}
    />
  );
};
