import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Loading, Show, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { isStoredFile, MediaPreview } from '../common/MediaInput';
import { Detail, ProfileActions } from '../common/people';
import { sessionText } from '../common/Session';
import { StatusChip } from '../common/StatusChip';
import { formatDate } from '../common/Timeline';
import { useRecordChanges } from '../common/useRecordChanges';

const K = 'resources.tasks';
type Linked = { title?: string; encrypted_id?: string } | null | undefined;
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
  const link = (resource: string, item: Linked) =>
    item?.encrypted_id ? (
      <MuiLink component={Link} to={`/${resource}/${encodeURIComponent(item.encrypted_id)}/show`}>
        {item.title}
      </MuiLink>
    ) : (
      <>{item?.title ?? ''}</>
    );
  if (record.type === 'Survey') return <Detail label={`${K}.fields.survey_id`}>{link('dynamic-forms', record.survey as Linked)}</Detail>;
  if (record.type === 'Campaign') return <Detail label={`${K}.fields.campaign_id`}>{link('campaigns', record.campaign as Linked)}</Detail>;
  if (record.type === 'Knowledge') return <Detail label={`${K}.fields.knowledge_id`}>{(record.knowledge as Linked)?.title ?? ''}</Detail>;
  if (record.type === 'General') return <Detail label={`${K}.fields.note`}>{String(record.note ?? '')}</Detail>;
  return null;
};

/** A task's page: its details and file, then each CHW's own status (name with area, date, detail, status), kept current. */
const TaskDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useRecordChanges();
  if (!record) return <Loading />;
  // the list leaves each CHW's status out: until the task's own read arrives, a placeholder
  const loaded = Array.isArray(record.statuses);
  const statuses = loaded ? (record.statuses as ChwStatus[]) : [];
  const assigned = Array.isArray(record.person_ids) ? record.person_ids.length : statuses.length;
  const file: unknown = record.file;
  const place = [(record.district as Linked)?.title, (record.tehsil as Linked)?.title].filter(Boolean).join(' › ');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1000 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {String(record.title ?? '')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 0.75 }}>
            <Detail label={`${K}.fields.status`}>
              <StatusChip />
            </Detail>
            <Detail label={`${K}.fields.type`}>{translate(`${K}.types.${String(record.type)}`)}</Detail>
            <Target />
            <Detail label={`${K}.fields.session`}>{sessionText(record.s_date, record.e_date, locale)}</Detail>
            <Detail label="resources.campaigns.place">{place}</Detail>
            {record.desc ? <Detail label={`${K}.fields.desc`}>{String(record.desc)}</Detail> : null}
            <Detail label={`${K}.fields.completed`}>
              <span data-testid="task-progress">{translate(`${K}.progress`, { done: Number(record.completed ?? 0), total: assigned })}</span>
            </Detail>
          </Box>
          {isStoredFile(file) ? <MediaPreview file={file} label={translate(`${K}.fields.file`)} size={200} /> : null}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate(`${K}.statuses_title`)}
          </Typography>
          {!loaded ? (
            <Skeleton variant="rectangular" height={64} sx={{ mt: 1 }} />
          ) : statuses.length === 0 ? (
            <Typography color="text.secondary" sx={{ pt: 1 }}>
              {translate(`${K}.no_chws`)}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate(`${K}.statuses_title`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(`${K}.fields.chw_name`)}</TableCell>
                    <TableCell>{translate(`${K}.fields.date`)}</TableCell>
                    <TableCell>{translate(`${K}.fields.detail`)}</TableCell>
                    <TableCell>{translate(`${K}.fields.chw_status`)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {statuses.map((s) => (
                    <TableRow key={s.uid} data-testid={`chw-status-${s.uid}`}>
                      <TableCell>{s.user_profile.name_with_area}</TableCell>
                      <TableCell>{formatDate(s.date, locale)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.desc ?? ''}</TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" color={STATUS_COLOURS[s.status] ?? 'default'} label={translate(`${K}.statuses.${s.status}`, { _: s.status })} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

export const TaskShow = () => (
  <Show component="div" actions={false}>
    <TaskDetail />
  </Show>
);
