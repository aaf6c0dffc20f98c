import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useInput, useTranslateLabel, type InputProps } from 'react-admin';

/** A boolean input drawn as a checkbox (react-admin's BooleanInput is a switch). */
export const CheckboxInput = (props: InputProps) => {
  const { field, id } = useInput({ ...props, defaultValue: props.defaultValue ?? false });
  const translateLabel = useTranslateLabel();
  const label = translateLabel({ label: props.label, source: props.source, resource: props.resource });
  return (
    <FormControlLabel
      control={
        <Checkbox
          id={id}
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
};
