import PersonIcon from '@mui/icons-material/Person';
import { DataTable, Show, ShowButton, type RaRecord } from 'react-admin';
import { LocationCascade } from '../common/LocationCascade';
import { GENDER_CHOICES, PersonInputs } from '../common/PersonInputs';
import { InterestsInput } from '../common/InterestsInput';
import { idsOf } from '../common/inputs';
import { ResourceList } from '../common/ResourceList';
import { ReferenceFilter, SelectFilter, USER_STATUS_CHOICES } from '../common/SelectFilter';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { AddressInputs, AgeInput, BLOOD_GROUP_CHOICES, BloodGroupInput, fullName, MaritalStatusInput, PersonPhotoInput } from '../common/people';
import { TextInput, NumberInput } from 'react-admin';
import { defineModule } from '../module';
import { PatientProfile } from './PatientProfile';

/** Patients (the spec's app users): list with date filters and export, add and edit, block and unblock, a profile. */

const PatientList = () => (
  <ResourceList
    bulkStatus
    dateRange
    exportable
    sort={{ field: 'created_at', order: 'DESC' }}
    filterBar={
      <>
        <SelectFilter source="status" label="resources.app-users.fields.status" all="app.filter.all" choices={USER_STATUS_CHOICES} />
        <SelectFilter source="gender" label="resources.app-users.fields.gender" all="app.filter.all" choices={GENDER_CHOICES.withTransgender} />
        <ReferenceFilter source="district_id" reference="districts" label="app.filter.district" all="app.filter.all_districts" clears={['tehsil_id']} />
        <ReferenceFilter source="tehsil_id" reference="tehsils" label="app.filter.tehsil" all="app.filter.all" within={{ source: 'district_id', param: 'district_id', waitingFor: 'app.form.choose_district_first' }} />
        <SelectFilter source="blood_group" label="app.filter.blood_group" all="app.filter.all" choices={BLOOD_GROUP_CHOICES} />
      </>
    }
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
      </RowActions>
    }
  >
    <DataTable.Col source="f_name" label="resources.app-users.fields.name" render={fullName} />
    <DataTable.Col source="email" />
    <DataTable.Col source="age" label="resources.app-users.fields.age_or_country" render={(r: RaRecord) => String(r.age_or_country ?? '')} />
    <DataTable.Col source="phone_no" />
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

/** Add and edit (spec 2 section 5): the password pair on add, and optionally a new one on edit; age optional on add and required on edit. */
export const PatientInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <PersonPhotoInput />
    <PersonInputs mode={mode} passwordOnEdit dob="required">
      <AgeInput required={mode === 'edit'} />
    </PersonInputs>
    <MaritalStatusInput />
    <BloodGroupInput />
    <NumberInput source="height" min={0} max={300} />
    <NumberInput source="weight" min={0} max={500} />
    <TextInput source="short_bio" multiline minRows={2} />
    <AddressInputs />
    <LocationCascade depth="tehsil" required={false} />
    <InterestsInput />
  </>
);

const PatientShow = () => (
  <Show component="div" actions={false}>
    <PatientProfile />
  </Show>
);

export default defineModule({
  list: PatientList,
  inputs: PatientInputs,
  show: PatientShow,
  defaultValues: { gender: 'male', send_credentials: false, country_id: null },
  transform: (data: Record<string, unknown>) => (data.interest_ids === undefined ? data : { ...data, interest_ids: idsOf(data.interest_ids) }),
  icon: PersonIcon,
  recordRepresentation: fullName,
  menu: { group: 'main', order: 30 },
});
