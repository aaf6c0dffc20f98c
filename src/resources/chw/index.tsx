import { Link } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import MuiLink from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import { DataTable, ShowButton, TextInput, required, useGetList, useListContext, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { LocationCascade } from '../common/LocationCascade';
import { PersonInputs } from '../common/PersonInputs';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { AgeInput, fullName, PersonPhotoInput } from '../common/people';
import { formatDate } from '../common/Timeline';
import { defineModule } from '../module';
import { ChwShow } from './ChwShow';

/** Community health workers (spec 2): list with date and district filters and export, add and edit, block and unblock. */

/** The district filter of the list: applies at once, beside the date range and its Filter button. */
const DistrictFilter = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data } = useGetList('districts', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  const value = filterValues.district_id ?? '';
  return (
    <TextField
      select
      size="small"
      label={translate('resources.chw.fields.district_id')}
      value={data ? value : ''}
      onChange={(e) => {
        const { district_id: _d, ...rest } = filterValues as Record<string, unknown>;
        setFilters(e.target.value === '' ? rest : { ...rest, district_id: e.target.value }, {});
      }}
      sx={{ width: { xs: '100%', sm: 220 } }}
    >
      <MenuItem value="">{translate('app.filter.all_districts')}</MenuItem>
      {(data ?? []).map((d) => (
        <MenuItem key={d.id} value={d.numeric_id}>
          {d.title}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The name leads to the CHW's page (the list has no view button in the spec; the name does the same). */
const NameLink = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <MuiLink component={Link} to={`/chw/${encodeURIComponent(String(record.id))}/show`}>
      {fullName(record)}
    </MuiLink>
  );
};

const JoinDate = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <>{formatDate((record?.joining_date as string | null) ?? null, locale)}</>;
};

const ChwList = () => (
  <ResourceList
    bulkStatus
    dateRange
    exportable
    sort={{ field: 'created_at', order: 'DESC' }}
    filterBar={<DistrictFilter />}
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
      </RowActions>
    }
  >
    <DataTable.Col source="f_name" label="resources.chw.fields.name">
      <NameLink />
    </DataTable.Col>
    <DataTable.Col source="email" />
    <DataTable.Col source="qualification.title" label="resources.chw.fields.qualification_id" />
    <DataTable.Col source="created_at" label="resources.chw.fields.joining_date">
      <JoinDate />
    </DataTable.Col>
    <DataTable.Col source="phone_no" label="resources.chw.fields.number" />
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

/** Add and edit (spec 2 section 5): CNIC of 13 digits, age, qualification, and the place as district › tehsil › VC. */
const ChwInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <PersonPhotoInput />
    <PersonInputs mode={mode} passwordOnEdit cnic="required" dob="required">
      <AgeInput required />
    </PersonInputs>
    <ReferenceSelect source="qualification_id" reference="qualifications" validate={required('app.validation.qualification_required')} />
    <LocationCascade />
    <TextInput source="short_bio" multiline minRows={2} />
  </>
);

export default defineModule({
  list: ChwList,
  inputs: ChwInputs,
  show: ChwShow,
  defaultValues: { gender: 'male', send_credentials: false },
  icon: HealthAndSafetyIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
  menu: { group: 'main', order: 40 },
});
