import { TextInput, required } from 'react-admin';

const validateTitle = required('app.validation.title_required');

/** The title field of the reference-data forms ('Please provide a title.'). */
export const TitleInput = () => <TextInput source="title" validate={validateTitle} />;
