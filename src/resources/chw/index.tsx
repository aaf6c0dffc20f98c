import { Link } from 'react-router';
import MuiLink from '@mui/material/Link';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import { DataTable, ShowButton, TextInput, required, useRecordContext, type RaRecord } from 'react-admin';
import { LocationCascade, SELECT_MESSAGES } from '../common/LocationCascade';
import { PersonInputs } from '../common/PersonInputs';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { ResourceList } from '../common/ResourceList';
import { ReferenceFilter } from '../common/SelectFilter';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { AgeInput, fullName, PersonPhotoInput } from '../common/people';
import { DateCell } from '../common/DateCell';
import { defineModule } from '../module';
import { ChwShow } from './ChwShow';

/** Community health workers (spec 2): list with date and district filters and export, add and edit, block and unblock. */

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


const ChwList = () => (
  <ResourceList
    bulkStatus
    dateRange
    filtersApplyTogether
    exportable
    sort={{ field: 'created_at', order: 'DESC' }}
    filterBar={<ReferenceFilter source="district_id" reference="districts" label="resources.chw.fields.district_id" all="app.filter.all_districts" />}
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
      <DateCell source="joining_date" />
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
    <LocationCascade messages={SELECT_MESSAGES} />
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
