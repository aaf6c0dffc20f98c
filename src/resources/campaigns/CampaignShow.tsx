import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Loading, Show, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { isFileValue, MediaPreview } from '../common/MediaInput';
import { Detail, ProfileActions } from '../common/people';
import { sessionText } from '../common/Session';
import { StatusChip } from '../common/StatusChip';
import { formatDate } from '../../i18n/dates';
import { TasksOf } from '../tasks/TasksOf';

const K = 'resources.campaigns';
type Titled = { title?: string } | null | undefined;

/** A campaign's page: its details, its file (an image shown, a PDF linked), and the tasks that point at it. */
const CampaignDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return <Loading />;
  const file: unknown = record.file;
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
            <Detail label={`${K}.fields.session`}>{sessionText(record.start_date, record.end_date, locale)}</Detail>
            <Detail label={`${K}.place`}>{[(record.district as Titled)?.title, (record.tehsil as Titled)?.title].filter(Boolean).join(' › ')}</Detail>
            <Detail label={`${K}.fields.created_at`}>{formatDate(String(record.created_at ?? ''), locale)}</Detail>
          </Box>
          {isFileValue(file) ? (
            <Box>
              <MediaPreview file={file} label={translate(`${K}.fields.file`)} size={240} />
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <TasksOf filter={{ campaign_id: record.id }} title={`${K}.tasks`} empty={`${K}.no_tasks`} />
    </Box>
  );
};

export const CampaignShow = () => (
  <Show component="div" actions={false}>
    <CampaignDetail />
  </Show>
);
