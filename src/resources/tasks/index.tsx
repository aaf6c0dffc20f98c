import { useEffect, useRef } from 'react';
import AssignmentIcon from '@mui/icons-material/Assignment';
import { DataTable, SelectArrayInput, SelectInput, ShowButton, TextInput, required, useGetList, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { TASK_TYPES, USER_STATUS } from '../../../contract/enums';
import { idsOf, requiredRule } from '../common/inputs';
import { LocationCascade } from '../common/LocationCascade';
import { EnumName, KnowledgePicker } from '../common/TypeFields';
import { MediaInput } from '../common/MediaInput';
import { PeriodInputs } from '../common/PeriodInputs';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { SelectFilter, USER_STATUS_CHOICES } from '../common/SelectFilter';
import { Session, SessionOf } from '../common/Session';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { fullName } from '../common/people';
import { defineModule } from '../module';
import { TaskShow } from './TaskShow';

/**
 * Tasks for CHWs (spec 3): a list (title, session, type, progress, status) with a date range and a type
 * filter; add and edit with the type's own picker (an active survey form, campaign or knowledge item,
 * a note for General), a period, district › tehsil and the active CHWs of that tehsil, a file; a page
 * with each CHW's own status, kept current as CHWs report from the field app.
 */

const K = 'resources.tasks';
export const TASK_TYPE_CHOICES = TASK_TYPES.map((t) => ({ id: t, name: `${K}.types.${t}` }));

const chosen = (value: unknown) => value !== null && value !== undefined && value !== '';

const Progress = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`${K}.progress`, { done: Number(record.completed ?? 0), total: (record.person_ids as unknown[] | undefined)?.length ?? 0 })}</>;
};

const TaskList = () => (
  <ResourceList
    dateRange
    exportable
    sort={{ field: 'created_at', order: 'DESC' }}
    filterBar={
      <>
        <SelectFilter source="type" label={`${K}.fields.type`} all="app.filter.all" choices={TASK_TYPE_CHOICES} />
        <SelectFilter source="status" label={`${K}.fields.status`} all="app.filter.all" choices={USER_STATUS_CHOICES} />
      </>
    }
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
      </RowActions>
    }
  >
    <DataTable.Col source="title" />
    <DataTable.Col source="s_date" label={`${K}.fields.session`}>
      <Session start="s_date" end="e_date" />
    </DataTable.Col>
    <DataTable.Col source="type">
      <EnumName source="type" prefix={`${K}.types`} />
    </DataTable.Col>
    <DataTable.Col source="completed" disableSort>
      <Progress />
    </DataTable.Col>
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

/** What the type points at: the spec's picker for Survey, Campaign and Knowledge, a note for General. */
const TypeTarget = () => {
  const type: unknown = useWatch({ name: 'type' });
  if (type === 'Survey') return <ReferenceSelect source="survey_id" reference="dynamic-forms" filter={{ status: USER_STATUS.active }} validate={required(`${K}.validation.survey_required`)} />;
  if (type === 'Campaign') return <ReferenceSelect source="campaign_id" reference="campaigns" filter={{ status: USER_STATUS.active }} validate={required(`${K}.validation.campaign_required`)} />;
  if (type === 'Knowledge') return <KnowledgePicker requiredMessage={`${K}.validation.knowledge_required`} />;
  if (type === 'General') return <TextInput source="note" multiline minRows={2} validate={required(`${K}.validation.note_required`)} />;
  return null;
};

const atLeastOne = requiredRule((value: unknown) => (idsOf(value).length > 0 ? undefined : `${K}.validation.chw_required`));

/** The active CHWs of the chosen tehsil (at least one); a new tehsil empties the choice. */
const ChwPicker = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const tehsilId: unknown = useWatch({ name: 'tehsil_id' });
  const enabled = chosen(tehsilId);
  const { data, isPending } = useGetList(
    'chw',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'f_name', order: 'ASC' }, filter: { paginate: false, tehsil_id: tehsilId, status: USER_STATUS.active }, meta: { choices: true } },
    { enabled },
  );
  // empties the choice when the tehsil really changes (not on mount, nor on StrictMode's second run)
  const shown = useRef(tehsilId);
  useEffect(() => {
    if (shown.current === tehsilId) return;
    shown.current = tehsilId;
    setValue('person_ids', [], { shouldDirty: true });
  }, [tehsilId, setValue]);
  const choices = (data ?? []).map((c) => ({ id: c.id, name: fullName(c) }));
  const hint = !enabled ? `${K}.choose_tehsil_first` : !isPending && choices.length === 0 ? `${K}.no_chws_in_tehsil` : undefined;
  return (
    <SelectArrayInput
      source="person_ids"
      choices={choices}
      format={idsOf}
      isPending={enabled && isPending}
      disabled={!enabled}
      validate={atLeastOne}
      helperText={hint ? translate(hint) : false}
    />
  );
};

const TaskInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <TextInput source="title" validate={required(`${K}.validation.title_required`)} />
    <SelectInput source="type" choices={TASK_TYPE_CHOICES} validate={required(`${K}.validation.type_required`)} />
    <TypeTarget />
    <PeriodInputs start="s_date" end="e_date" startRequired={`${K}.validation.start_required`} endRequired={`${K}.validation.end_required`} mode={mode} />
    <LocationCascade depth="tehsil" />
    <ChwPicker />
    <TextInput source="desc" multiline minRows={2} />
    <MediaInput
      source="file"
      kinds={['image', 'pdf', 'audio']}
      formatMessage={`${K}.validation.file_format`}
      requiredMessage={mode === 'create' ? `${K}.validation.file_required` : undefined}
    />
  </>
);

export default defineModule({
  list: TaskList,
  inputs: TaskInputs,
  show: TaskShow,
  transform: (data: Record<string, unknown>) => ({ ...data, person_ids: idsOf(data.person_ids) }),
  icon: AssignmentIcon,
  recordRepresentation: 'title',
  secondaryText: (record: RaRecord) => <SessionOf record={record} start="s_date" end="e_date" />,
  menu: { group: 'programme', order: 30 },
});
