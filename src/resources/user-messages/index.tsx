import MailIcon from '@mui/icons-material/Mail';
import { DataTable, NumberInput, SelectInput, ShowButton, TextInput, required, useTranslate, type RaRecord, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MESSAGE_TYPES, USER_STATUS } from '../../../contract/enums';
import { idsOf, requiredRule } from '../common/inputs';
import { InterestsInput } from '../common/InterestsInput';
import { LocationCascade, SELECT_MESSAGES } from '../common/LocationCascade';
import { EnumName, KnowledgePicker } from '../common/TypeFields';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { SelectFilter } from '../common/SelectFilter';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { defineModule } from '../module';
import { MessageShow } from './MessageShow';

/**
 * Messages to patients (spec 3, "User messages"): a list (title, type, total users, status) with a
 * date range and a type filter, block and unblock, delete; add and edit with the type's picker (an
 * active survey form, a knowledge item, a text for General), interests, an optional age range and
 * district › tehsil. The server finds the recipients; the page lists them (name, seen, status,
 * submitted date).
 */

const K = 'resources.user-messages';
const TYPE_CHOICES = MESSAGE_TYPES.map((t) => ({ id: t, name: `${K}.types.${t}` }));

const MessageList = () => (
  <ResourceList
    dateRange
    exportable
    sort={{ field: 'created_at', order: 'DESC' }}
    filterBar={<SelectFilter source="type" label={`${K}.fields.type`} all="app.filter.all" choices={TYPE_CHOICES} />}
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
      </RowActions>
    }
  >
    <DataTable.Col source="title" />
    <DataTable.Col source="type">
      <EnumName source="type" prefix={`${K}.types`} />
    </DataTable.Col>
    <DataTable.NumberCol source="total_users" />
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

/** Survey shows a survey picker, Knowledge a knowledge picker, General a text, Booking nothing (spec 3 section 4). */
const TypeTarget = () => {
  const type: unknown = useWatch({ name: 'type' });
  if (type === 'Survey') return <ReferenceSelect source="survey_id" reference="dynamic-forms" filter={{ status: USER_STATUS.active }} validate={required(`${K}.validation.survey_required`)} />;
  if (type === 'Knowledge') return <KnowledgePicker requiredMessage={`${K}.validation.knowledge_required`} />;
  if (type === 'General') return <TextInput source="text" multiline minRows={3} validate={required(`${K}.validation.text_required`)} />;
  return null;
};

const atLeastOneInterest = requiredRule((value: unknown) => (idsOf(value).length > 0 ? undefined : `${K}.validation.interest_required`));


const blank = (v: unknown) => v === null || v === undefined || v === '';
/** From and to age are a pair: each is required when the other is filled, and to is not below from. */
const fromAge: Validator = (value: unknown, values: Record<string, unknown>) => (blank(value) && !blank(values.to_age) ? `${K}.validation.from_age_required` : undefined);
const toAge: Validator = (value: unknown, values: Record<string, unknown>) => {
  if (blank(value)) return blank(values.from_age) ? undefined : `${K}.validation.to_age_required`;
  return !blank(values.from_age) && Number(value) < Number(values.from_age) ? `${K}.validation.age_order` : undefined;
};
const wholeYears = (value: string | number | null | undefined) => (value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Math.trunc(Number(value)));

const MessageInputs = () => (
  <>
    <SelectInput source="type" choices={TYPE_CHOICES} validate={required(`${K}.validation.type_required`)} />
    <TypeTarget />
    <TextInput source="title" validate={required(`${K}.validation.title_required`)} />
    <InterestsInput validate={atLeastOneInterest} />
    <NumberInput source="from_age" min={0} max={130} step={1} parse={wholeYears} validate={fromAge} helperText={`${K}.age_hint`} />
    <NumberInput source="to_age" min={0} max={130} step={1} parse={wholeYears} validate={toAge} />
    <LocationCascade depth="tehsil" messages={SELECT_MESSAGES} />
  </>
);

export default defineModule({
  list: MessageList,
  inputs: MessageInputs,
  show: MessageShow,
  transform: (data: Record<string, unknown>) => ({ ...data, interest_ids: idsOf(data.interest_ids) }),
  icon: MailIcon,
  recordRepresentation: 'title',
  secondaryText: (record: RaRecord) => <TotalLine count={Number(record.total_users ?? 0)} />,
  menu: { group: 'programme', order: 40 },
});

const TotalLine = ({ count }: { count: number }) => {
  const translate = useTranslate();
  return <>{translate(`${K}.recipients_count`, { smart_count: count })}</>;
};
