import { useMemo } from 'react';
import { TextInput, required } from 'react-admin';

/** The title field of the reference-data forms ('Please provide a title.' unless the module says otherwise). */
export const TitleInput = ({ requiredMessage = 'app.validation.title_required' }: { requiredMessage?: string }) => {
  const validate = useMemo(() => required(requiredMessage), [requiredMessage]);
  return <TextInput source="title" validate={validate} />;
};
