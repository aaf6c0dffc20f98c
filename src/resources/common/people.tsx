import { useEffect } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import {
  AutocompleteInput,
  Button,
  EditButton,
  NumberInput,
  SelectInput,
  TextInput,
  required,
  useCanAccess,
  useCreatePath,
  useGetList,
  useRecordContext,
  useResourceDefinition,
  useResourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { LabelledActions } from './PhoneRows';
import { useFormContext, useWatch } from 'react-hook-form';
import { BLOOD_GROUPS, MARITAL_STATUSES, RELATIONS } from '../../../contract/enums';
import { MediaInput } from './MediaInput';
import { StatusChip } from './StatusChip';

/** The pieces the people modules share (patients, family members, CHWs, and doctors later). */

export const fullName = (record: Record<string, unknown> | undefined): string => (record ? [record.f_name, record.l_name].filter(Boolean).join(' ') : '');

const choices = (values: readonly string[], prefix: string) => values.map((v) => ({ id: v, name: `${prefix}.${v}` }));
export const MARITAL_CHOICES = choices(MARITAL_STATUSES, 'app.marital_status');
export const RELATION_CHOICES = choices(RELATIONS, 'app.relation');
/** Blood groups are the same in every language. */
export const BLOOD_GROUP_CHOICES = BLOOD_GROUPS.map((v) => ({ id: v, name: v }));

const wholeNumber = (value: string | number | null | undefined): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

/** Whole years from a date of birth (`YYYY-MM-DD`) to `today`, or null for no date, a date to come or past 130 years. */
export function ageOn(dob: unknown, today: Date = new Date()): number | null {
  const match = typeof dob === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age--;
  return age >= 0 && age <= 130 ? age : null;
}

/**
 * Age in years; required where the spec asks for it (CHWs, family members, and patients on edit). With a
 * date of birth on the form the age is counted from it (and follows it), not typed.
 */
export const AgeInput = ({ required: isRequired }: { required: boolean }) => {
  const dob: unknown = useWatch({ name: 'dob' });
  const { getValues, setValue, watch } = useFormContext();
  const counted = ageOn(dob);
  useEffect(() => {
    // a stored age gone stale is put right as no change of the user's (the form does not ask to save it for
    // that alone); also after the form is reset to the record read, which comes after this first effect
    const putRight = (values: Record<string, unknown>) => {
      const age = ageOn(values.dob);
      if (age !== null && values.age !== age) setValue('age', age, { shouldDirty: false, shouldValidate: true });
    };
    putRight(getValues());
    const { unsubscribe } = watch((values, { name }) => {
      if (name === undefined || name === 'dob') putRight(values);
    });
    return unsubscribe;
  }, [getValues, setValue, watch]);
  return (
    <NumberInput
      source="age"
      min={0}
      max={130}
      step={1}
      parse={wholeNumber}
      readOnly={counted !== null}
      helperText={counted !== null ? 'app.person.age_from_dob' : undefined}
      validate={isRequired ? required('app.validation.age_required') : undefined}
    />
  );
};

/**
 * The country, searched by typing among the ~250 (no country is chosen for the user: the spec's console
 * put the United States on every new record, which nobody noticed to change).
 */
export const CountrySelect = () => {
  const { data } = useGetList('countries', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'country', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  return <AutocompleteInput source="country_id" choices={data ?? []} optionText="country" isPending={!data} helperText="app.person.country_search" />;
};

export const PersonPhotoInput = () => <MediaInput source="photo" kinds={['image']} formatMessage="app.message.file_format" />;

export const MaritalStatusInput = ({ validate }: { validate?: Validator }) => <SelectInput source="marital_status" choices={MARITAL_CHOICES} validate={validate} />;
export const BloodGroupInput = () => <SelectInput source="blood_group" choices={BLOOD_GROUP_CHOICES} />;
export const RelationInput = () => <SelectInput source="relation" choices={RELATION_CHOICES} validate={required('app.validation.relation_required')} />;

/** The address of patients and doctors: country (searched, none chosen for the user), city, state, zip, street. */
export const AddressInputs = () => {
  const { data: cities } = useGetList('cities', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  return (
    <>
      <CountrySelect />
      <SelectInput source="city_id" choices={cities ?? []} optionText="title" isPending={!cities} />
      <TextInput source="state" />
      <TextInput source="zipcode" />
      <TextInput source="street" />
    </>
  );
};

/** Label and value on one line of a profile card. */
export const Detail = ({ label, children }: { label: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
};

/** The header card of a person's profile: photo, name, status, and the lines the kind shows. */
export const ProfileHeader = ({ children }: { children?: React.ReactNode }) => {
  const record = useRecordContext();
  if (!record) return null;
  const photo = record.photo as { src?: string } | null;
  const name = fullName(record);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Avatar src={photo?.src || undefined} alt={name} sx={{ width: 96, height: 96, fontSize: 36 }}>
          {name.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: '1 1 240px', minWidth: 0, display: 'grid', gap: 0.75 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1">
              {name}
            </Typography>
            {record.type !== 'family' ? <StatusChip /> : null}
          </Box>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
};

/** Back (to the list, or where `backTo` says) and Edit, above a profile. */
export const ProfileActions = ({ backTo }: { backTo?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource, action: 'edit', record });
  // a module without an edit screen (appointments) shows no EDIT: it would lead nowhere
  const { hasEdit } = useResourceDefinition({ resource });
  return (
    <LabelledActions sx={{ gap: 1, mb: 2 }}>
      <Button component={Link} to={backTo ?? createPath({ resource, type: 'list' })} label="app.action.back" variant="outlined">
        <ArrowBackIcon sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
      </Button>
      {canAccess && record && hasEdit ? <EditButton variant="contained" /> : null}
    </LabelledActions>
  );
};
