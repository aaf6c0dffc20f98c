import Typography from '@mui/material/Typography';
import { TextInput, required, useTranslate, type Validator } from 'react-admin';
import { LocationCascade } from '../common/LocationCascade';
import { MediaInput } from '../common/MediaInput';
import { RowsInput } from '../common/RowsInput';
import { numberKeysOnly, phoneDigits } from '../common/inputs';

const K = 'resources.facility-centers';

const coordinate =
  (min: number, max: number, message: string): Validator =>
  (value: unknown) => {
    if (value === null || value === undefined || value === '') return undefined;
    const number = Number(value);
    return Number.isFinite(number) && number >= min && number <= max ? undefined : message;
  };

const validateLatitude = [required(`${K}.validation.latitude`), coordinate(-90, 90, `${K}.validation.latitude`)];
const validateLongitude = [required(`${K}.validation.longitude`), coordinate(-180, 180, `${K}.validation.longitude`)];
const validatePhone: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || /^[0-9]{11}$/.test(String(value)) ? undefined : `${K}.validation.phone`;
const validateOpen = required(`${K}.validation.open_required`);
/** the closing time is after the opening time ('HH:MM' compares as text) */
const validateClose: Validator[] = [
  required(`${K}.validation.close_required`),
  (value: unknown, values: Record<string, unknown>) =>
    typeof value === 'string' && typeof values.open_time === 'string' && values.open_time && value <= values.open_time ? `${K}.validation.close_after_open` : undefined,
];
/** at least one service (the first row cannot be removed, but its text can be empty) */
export const validateServices: Validator = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : `${K}.validation.services_required`;
const validateService = required(`${K}.validation.service_required`);

/**
 * A facility center's form: title, district › tehsil › VC area (optional), contact number (11 digits),
 * latitude and longitude (number keys only), location, manager, opening hours (closing after opening),
 * an image (required on add) and its services, of which the first row stays.
 */
export const FacilityInputs = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="title" validate={required(`${K}.validation.title_required`)} />
      <LocationCascade depth="area" areaRequired={false} />
      <TextInput source="phone_no" parse={phoneDigits} validate={validatePhone} placeholder="04235761234" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }} />
      <TextInput source="lat" validate={validateLatitude} placeholder="31.5204" slotProps={{ htmlInput: { inputMode: 'decimal', onKeyDown: numberKeysOnly } }} />
      <TextInput source="long" validate={validateLongitude} placeholder="74.3587" slotProps={{ htmlInput: { inputMode: 'decimal', onKeyDown: numberKeysOnly } }} />
      <TextInput source="location" multiline fullWidth validate={required(`${K}.validation.location_required`)} />
      <TextInput source="manager" validate={required(`${K}.validation.manager_required`)} />
      <TextInput source="open_time" type="time" validate={validateOpen} slotProps={{ inputLabel: { shrink: true } }} />
      <TextInput source="close_time" type="time" validate={validateClose} slotProps={{ inputLabel: { shrink: true } }} />
      <MediaInput
        source="file"
        kinds={['image']}
        formatMessage={`${K}.validation.file_format`}
        requiredMessage={mode === 'create' ? `${K}.validation.file_required` : undefined}
      />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        {translate(`${K}.fields.services`)}
      </Typography>
      <RowsInput source="services" keepFirst validate={validateServices} label="">
        <TextInput source="title" label={`${K}.fields.service`} validate={validateService} />
      </RowsInput>
    </>
  );
};
