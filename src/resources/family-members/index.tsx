import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import { DataTable, NumberInput, Show, ShowButton, TextInput, required, type RaRecord } from 'react-admin';
import { PersonInputs } from '../common/PersonInputs';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { AddressInputs, AgeInput, BloodGroupInput, fullName, MaritalStatusInput, PersonPhotoInput, RelationInput } from '../common/people';
import { defineModule } from '../module';
import { PatientProfile } from '../app-users/PatientProfile';

/**
 * Family members of a patient (spec 2): added under the patient (/family-members/add/{patient}),
 * edited on their own form, shown as a patient profile. They have no account of their own.
 */

const FamilyList = () => (
  <ResourceList
    rowActions={
      <RowActions>
        <ShowButton />
      </RowActions>
    }
  >
    <DataTable.Col source="f_name" label="resources.family-members.fields.full_name" render={fullName} />
    <DataTable.Col source="email" />
    <DataTable.Col source="age" />
    <DataTable.Col source="phone_no" />
    <DataTable.Col source="relation" render={(r: RaRecord) => String(r.relation ?? '')} />
  </ResourceList>
);

/** Required (spec 2 section 5): first name, phone, age, marital status, date of birth, relation; email optional. */
const FamilyInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <PersonPhotoInput />
    <RelationInput />
    <PersonInputs mode={mode} email="optional" dob="required" account={false}>
      <AgeInput required />
    </PersonInputs>
    <MaritalStatusInput validate={required('app.validation.marital_status_required')} />
    <BloodGroupInput />
    <NumberInput source="height" min={0} max={300} />
    <NumberInput source="weight" min={0} max={500} />
    <TextInput source="short_bio" multiline minRows={2} />
    <AddressInputs />
  </>
);

const FamilyShow = () => (
  <Show component="div" actions={false}>
    <PatientProfile />
  </Show>
);

export default defineModule({
  list: FamilyList,
  inputs: FamilyInputs,
  show: FamilyShow,
  defaultValues: { gender: 'male', country_id: null },
  icon: FamilyRestroomIcon,
  recordRepresentation: fullName,
  menu: { hidden: "reached from a patient's profile (Family Profile tab)" },
  parent: { resource: 'app-users', source: 'parent_id' },
});
