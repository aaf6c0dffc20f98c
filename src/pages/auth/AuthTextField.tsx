import { useId, type ChangeEvent, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface AuthTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  /** the field's message under it, which is also its accessible description */
  helperText?: ReactNode;
  /** at the end of the input (the password's show/hide button) */
  endAdornment?: ReactNode;
}

/**
 * An outlined text field of the sign-in screens, assembled as MUI's TextField assembles it (a labelled
 * input with its helper text as its description) from the pieces these screens use. TextField itself
 * imports every variant and the Select with its menu, popover and modal: some 20 KB of the sign-in
 * bundle that no field here needs.
 */
export const AuthTextField = ({ label, helperText, error, required, fullWidth, endAdornment, ...input }: AuthTextFieldProps) => {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} required={required} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} endAdornment={endAdornment} aria-describedby={helperId} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
