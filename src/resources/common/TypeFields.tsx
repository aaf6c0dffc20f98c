import FormHelperText from '@mui/material/FormHelperText';
import { SelectInput, required, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { USER_STATUS } from '../../../contract/enums';

/** A record's named value (a task's or message's type) in the console's language: `{prefix}.{value}`. */
export const EnumName = ({ source, prefix }: { source: string; prefix: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  return <>{typeof value === 'string' ? translate(`${prefix}.${value}`, { _: value }) : ''}</>;
};

/**
 * The knowledge item a task or message points at: an active health literacy item (the server checks
 * knowledge_id against the active ones too). While there is none, the field says so.
 */
export const KnowledgePicker = ({ requiredMessage }: { requiredMessage: string }) => {
  const translate = useTranslate();
  const { data, isPending } = useGetList('health-literacy-content', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'title', order: 'ASC' },
    filter: { paginate: false, status: USER_STATUS.active },
    // the select's choices: open to whoever may fill the form, not only to who may list them
    meta: { choices: true },
  });
  const none = !isPending && !data?.length;
  return (
    <>
      <SelectInput source="knowledge_id" choices={data ?? []} optionText="title" isPending={isPending} validate={required(requiredMessage)} />
      {none ? <FormHelperText sx={{ mt: -1, mb: 1 }}>{translate('resources.tasks.no_knowledge')}</FormHelperText> : null}
    </>
  );
};
