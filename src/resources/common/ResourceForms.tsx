import { useState, type ReactNode } from 'react';
import { Create, Edit, SimpleForm, useNotify, type TransformData, type ValidateForm } from 'react-admin';
import { FormToolbar } from './FormToolbar';

export interface ResourceCreateProps {
  children: ReactNode;
  defaultValues?: Record<string, unknown>;
  transform?: TransformData;
  validate?: ValidateForm;
}

/** Add form: after a successful add it says so and starts over with an empty form (spec 1 section 4). */
export const ResourceCreate = ({ children, defaultValues, transform, validate }: ResourceCreateProps) => {
  const notify = useNotify();
  // A new key remounts the form with its default values.
  const [formKey, setFormKey] = useState(0);
  return (
    <Create
      redirect={false}
      transform={transform}
      mutationOptions={{
        onSuccess: () => {
          notify('app.notification.added', { type: 'success' });
          setFormKey((key) => key + 1);
        },
      }}
    >
      <SimpleForm key={formKey} defaultValues={defaultValues} validate={validate} toolbar={<FormToolbar cancel />}>
        {children}
      </SimpleForm>
    </Create>
  );
};

export interface ResourceEditProps {
  children: ReactNode;
  transform?: TransformData;
  validate?: ValidateForm;
}

/** Edit form: after a successful update the user stays on the page (spec 1 section 4). */
export const ResourceEdit = ({ children, transform, validate }: ResourceEditProps) => {
  const notify = useNotify();
  return (
    <Edit
      redirect={false}
      mutationMode="pessimistic"
      transform={transform}
      mutationOptions={{ onSuccess: () => notify('app.notification.updated', { type: 'success' }) }}
    >
      <SimpleForm validate={validate} toolbar={<FormToolbar />}>
        {children}
      </SimpleForm>
    </Edit>
  );
};
