import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import { DataTable, SelectArrayInput, ShowButton, TextInput, required, useGetList, type RaRecord } from 'react-admin';
import { PersonInputs } from '../common/PersonInputs';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { ResourceList } from '../common/ResourceList';
import { ReferenceFilter } from '../common/SelectFilter';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { AddressInputs, AgeInput, fullName, PersonPhotoInput } from '../common/people';
import { defineModule } from '../module';
import { DoctorProfile, DoctorRating } from './DoctorProfile';
import { requiredRule } from '../common/inputs';

/** Doctors (spec 2): list, add and edit with specializations and qualification, block and unblock, a profile. */

const DoctorList = () => (
  <ResourceList
    bulkStatus
    dateRange
    exportable
    sort={{ field: 'created_at', order: 'DESC' }}
    filterBar={<ReferenceFilter source="specialization_id" reference="specializations" label="app.filter.specialization" all="app.filter.all" />}
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
      </RowActions>
    }
  >
    <DataTable.Col source="f_name" label="resources.doctors.fields.name" render={fullName} />
    <DataTable.Col source="email" />
    <DataTable.Col source="age" />
    <DataTable.Col source="phone_no" label="resources.doctors.fields.number" />
    <DataTable.Col source="rating" disableSort>
      <DoctorRating />
    </DataTable.Col>
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

const atLeastOne = requiredRule((value: unknown) => (Array.isArray(value) && value.length > 0 ? undefined : 'app.validation.specialization_required'));

/** Specializations to choose from (at least one, spec 2). */
const SpecializationsInput = () => {
  const { data } = useGetList('specializations', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  return <SelectArrayInput source="specializationIds" choices={data ?? []} optionText="title" isPending={!data} validate={atLeastOne} />;
};

/** Add and edit (spec 2 section 5): the password pair on add, and optionally a new one on edit; age optional on add and required on edit. */
const DoctorInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <PersonPhotoInput />
    <PersonInputs mode={mode} passwordOnEdit dob="required">
      <AgeInput required={mode === 'edit'} />
    </PersonInputs>
    <ReferenceSelect source="qualification_id" reference="qualifications" validate={required('app.validation.qualification_required')} />
    <SpecializationsInput />
    <TextInput source="short_bio" multiline minRows={2} />
    <AddressInputs />
  </>
);

export default defineModule({
  list: DoctorList,
  inputs: DoctorInputs,
  show: DoctorProfile,
  defaultValues: { gender: 'male', send_credentials: false, country_id: null },
  icon: MedicalServicesIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
  secondaryText: 'email',
  menu: { group: 'main', order: 20 },
});
