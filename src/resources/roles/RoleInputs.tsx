import { TextInput, required } from 'react-admin';
import { PermissionsInput } from './PermissionsInput';

const validateName = required('app.validation.name_required');

export const RoleInputs = () => (
  <>
    <TextInput source="name" validate={validateName} />
    <PermissionsInput />
  </>
);
