import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { AssignedShow, LinkedTitle, placeOf, PeopleTable, type Linked, type PeopleColumn } from '../common/AssignedShow';
import { isFileValue, MediaPreview } from '../common/MediaInput';
import { Detail } from '../common/people';
import { sessionText } from '../common/Session';
import { StatusChip } from '../common/StatusChip';
import { formatDate } from '../../i18n/dates';

const K = 'resources.tasks';
interface ChwStatus {
  uid: number;
  user_profile: { id: number; name_with_area: string };
  date: string | null;
  desc: string | null;
  status: string;
}

const STATUS_COLOURS: Record<string, 'default' | 'info' | 'success'> = { Pending: 'default', 'In Progress': 'info', Completed: 'success' };

/** What the task points at, linked to its page where the console has one. */
const Target = () => {
  const record = useRecordContext();
  if (!record) return null;
  if (record.type === 'Survey') return <Detail label={`${K}.fields.survey_id`}><LinkedTitle resource="dynamic-forms" item={record.survey as Linked} /></Detail>;
  if (record.type === 'Campaign') return <Detail label={`${K}.fields.campaign_id`}><LinkedTitle resource="campaigns" item={record.campaign as Linked} /></Detail>;
  if (record.type === 'Knowledge') return <Detail label={`${K}.fields.knowledge_id`}>{(record.knowledge as Linked)?.title ?? ''}</Detail>;
  if (record.type === 'General') return <Detail label={`${K}.fields.note`}>{String(record.note ?? '')}</Detail>;
  return null;
};

const TaskDetails = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const assigned = Array.isArray(record.person_ids) ? record.person_ids.length : Array.isArray(record.statuses) ? record.statuses.length : 0;
  return (
    <>
      <Detail label={`${K}.fields.status`}>
        <StatusChip />
      </Detail>
      <Detail label={`${K}.fields.type`}>{translate(`${K}.types.${String(record.type)}`)}</Detail>
      <Target />
      <Detail label={`${K}.fields.session`}>{sessionText(record.s_date, record.e_date, locale)}</Detail>
      <Detail label="resources.campaigns.place">{placeOf(record)}</Detail>
      {record.desc ? <Detail label={`${K}.fields.desc`}>{String(record.desc)}</Detail> : null}
      <Detail label={`${K}.fields.completed`}>
        <span data-testid="task-progress">{translate(`${K}.progress`, { done: Number(record.completed ?? 0), total: assigned })}</span>
      </Detail>
    </>
  );
};

const TaskFile = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const file: unknown = record?.file;
  return isFileValue(file) ? <MediaPreview file={file} label={translate(`${K}.fields.file`)} size={200} /> : null;
};

/** Each CHW's own status: name with area, date, detail, status. */
const ChwStatuses = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // the list leaves each CHW's status out: until the task's own read arrives, a placeholder
  if (!Array.isArray(record?.statuses)) return <Skeleton variant="rectangular" height={64} />;
  const statuses = record.statuses as ChwStatus[];
  if (statuses.length === 0) return <Typography color="text.secondary">{translate(`${K}.no_chws`)}</Typography>;
  const columns: PeopleColumn<ChwStatus>[] = [
    { label: `${K}.fields.chw_name`, cell: (s) => s.user_profile.name_with_area },
    { label: `${K}.fields.date`, cell: (s) => formatDate(s.date, locale) },
    { label: `${K}.fields.detail`, cell: (s) => s.desc ?? '', wraps: true },
    {
      label: `${K}.fields.chw_status`,
      cell: (s) => <Chip size="small" variant="outlined" color={STATUS_COLOURS[s.status] ?? 'default'} label={translate(`${K}.statuses.${s.status}`, { _: s.status })} />,
    },
  ];
  return <PeopleTable label={`${K}.statuses_title`} columns={columns} rows={statuses} rowKey={(s) => s.uid} rowTestId={(s) => `chw-status-${s.uid}`} />;
};

/** A task's page: its details and file, then each CHW's own status, kept current. */
export const TaskShow = () => <AssignedShow details={<TaskDetails />} aside={<TaskFile />} peopleTitle={`${K}.statuses_title`} people={<ChwStatuses />} />;
