import { required } from 'react-admin';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { TitleInput } from '../common/TitleInput';

const validateDistrict = required('app.validation.district_required');

export const TehsilInputs = () => (
  <>
    <ReferenceSelect source="district_id" reference="districts" validate={validateDistrict} />
    <TitleInput />
  </>
);
