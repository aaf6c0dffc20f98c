import { useEffect } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import {
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

/** Age in years; required where the spec asks for it (CHWs, family members, and patients on edit). */
export const AgeInput = ({ required: isRequired }: { required: boolean }) => (
  <NumberInput source="age" min={0} max={130} step={1} parse={wholeNumber} validate={isRequired ? required('app.validation.age_required') : undefined} />
);

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** The country select, with the United States chosen on a new record (spec 2: default country). */
export const CountrySelect = ({ preselect }: { preselect: boolean }) => {
  const { data } = useGetList('countries', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'country', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name: 'country_id' });
  useEffect(() => {
    if (!preselect || !isBlank(value) || !data) return;
    const us = data.find((c) => c.iso2 === 'US');
    if (us) setValue('country_id', us.id, { shouldDirty: false });
    // only when the list arrives on a new form (not on `value`): a cleared choice stays cleared
  }, [data, preselect]);
  return <SelectInput source="country_id" choices={data ?? []} optionText="country" isPending={!data} />;
};

export const PersonPhotoInput = () => <MediaInput source="photo" kinds={['image']} formatMessage="app.message.file_format" />;

export const MaritalStatusInput = ({ validate }: { validate?: Validator }) => <SelectInput source="marital_status" choices={MARITAL_CHOICES} validate={validate} />;
export const BloodGroupInput = () => <SelectInput source="blood_group" choices={BLOOD_GROUP_CHOICES} />;
export const RelationInput = () => <SelectInput source="relation" choices={RELATION_CHOICES} validate={required('app.validation.relation_required')} />;

/** The address of patients and doctors: country (United States by default), city, state, zip, street. */
export const AddressInputs = ({ mode }: { mode: 'create' | 'edit' }) => {
  const { data: cities } = useGetList('cities', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  return (
    <>
      <CountrySelect preselect={mode === 'create'} />
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
