import FormHelperText from '@mui/material/FormHelperText';
import { SelectInput, required, useRecordContext, useTranslate } from 'react-admin';

/** A record's named value (a task's or message's type) in the console's language: `{prefix}.{value}`. */
export const EnumName = ({ source, prefix }: { source: string; prefix: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  return <>{typeof value === 'string' ? translate(`${prefix}.${value}`, { _: value }) : ''}</>;
};

/**
 * The knowledge item a task or message points at: nothing to choose until health-literacy content
 * exists, which the field says (the server checks knowledge_id against that table already).
 */
export const KnowledgePicker = ({ requiredMessage }: { requiredMessage: string }) => {
  const translate = useTranslate();
  return (
    <>
      <SelectInput source="knowledge_id" choices={[]} disabled validate={required(requiredMessage)} />
      <FormHelperText sx={{ mt: -1, mb: 1 }}>{translate('resources.tasks.no_knowledge')}</FormHelperText>
    </>
  );
};
