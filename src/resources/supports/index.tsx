import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { SUPPORT_STATUSES } from '../../../contract/enums';
import {
  DataTable, FunctionField, Loading, SelectInput, Show, ShowButton, TextInput, required, useLocaleState, useRecordContext, useTranslate, type RaRecord,
} from 'react-admin';
import { Detail, ProfileActions } from '../common/people';
import { ResourceEdit } from '../common/ResourceForms';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { formatDate } from '../common/Timeline';
import { nameOf } from '../feedbacks/FeedbackScreens';
import { defineModule } from '../module';

/**
 * Support requests (spec 3): what any user of the field apps asks for help with. Staff read them,
 * answer (the reply shows in the app) and resolve or reopen them, and delete them; they do not add
 * requests nor change a user's words. A new request rings the bell of admins who may read it.
 */

const K = 'resources.supports';
const excerptOf = (text: unknown, n = 80) => {
  const s = String(text ?? '');
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};
const STATUS_CHOICES = SUPPORT_STATUSES.map((s) => ({ id: s, name: `${K}.statuses.${s}` }));

const StatusText = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const status: unknown = record?.status;
  return <>{(SUPPORT_STATUSES as readonly unknown[]).includes(status) ? translate(`${K}.statuses.${String(status)}`) : String(status ?? '')}</>;
};

const SupportList = () => (
  <ResourceList
    dateRange
    sort={{ field: 'created_at', order: 'DESC' }}
    rowActions={
      <RowActions>
        <ShowButton />
      </RowActions>
    }
  >
    <DataTable.Col source="id">
      <FunctionField render={(r: RaRecord) => String(r.numeric_id ?? '')} />
    </DataTable.Col>
    <DataTable.Col source="user.f_name" label={`${K}.fields.user`}>
      <FunctionField render={(r: RaRecord) => nameOf(r.user)} />
    </DataTable.Col>
    <DataTable.Col source="msg" disableSort>
      <FunctionField render={(r: RaRecord) => excerptOf(r.msg)} />
    </DataTable.Col>
    <DataTable.Col source="status">
      <StatusText />
    </DataTable.Col>
  </ResourceList>
);

/** What the user asked, as they wrote it, with who they are and when. */
const SupportSummary = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return <Loading />;
  const kind = (record.user as { type?: string } | null)?.type;
  return (
    <Card variant="outlined" sx={{ mb: 2, width: '100%', maxWidth: 800 }}>
      <CardContent sx={{ display: 'grid', gap: 0.75 }}>
        <Detail label={`${K}.fields.id`}>{String(record.numeric_id ?? '')}</Detail>
        <Detail label={`${K}.fields.user`}>
          {nameOf(record.user)}
          {kind ? ` (${translate(`${K}.kinds.${kind}`, { _: kind })})` : ''}
        </Detail>
        <Detail label={`${K}.fields.created_at`}>{formatDate(String(record.created_at ?? ''), locale)}</Detail>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
          {translate(`${K}.fields.msg`)}
        </Typography>
        <Typography variant="body1" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {String(record.msg ?? '')}
        </Typography>
      </CardContent>
    </Card>
  );
};

const SupportDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <Loading />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(`${K}.page.show`)}
      </Typography>
      <SupportSummary />
      <Card variant="outlined" sx={{ maxWidth: 800 }}>
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label={`${K}.fields.status`}>
            <StatusText />
          </Detail>
          <Detail label={`${K}.fields.reply`}>
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {record.reply ? String(record.reply) : translate(`${K}.no_reply`)}
            </Box>
          </Detail>
        </CardContent>
      </Card>
    </Box>
  );
};

const SupportShow = () => (
  <Show component="div" actions={false}>
    <SupportDetail />
  </Show>
);

/** Staff answer and set the status; the user's words are shown, not editable. */
const SupportEdit = () => (
  <ResourceEdit transform={(data: RaRecord) => ({ status: data.status, reply: data.reply ?? null })}>
    <SupportSummary />
    <SelectInput source="status" choices={STATUS_CHOICES} validate={required(`${K}.validation.status_required`)} />
    <TextInput source="reply" multiline fullWidth minRows={3} helperText={`${K}.reply_help`} />
  </ResourceEdit>
);

export default defineModule({
  list: SupportList,
  show: SupportShow,
  edit: SupportEdit,
  icon: SupportAgentIcon,
  recordRepresentation: (record: RaRecord) => nameOf(record.user),
  secondaryText: (record: RaRecord) => excerptOf(record.msg, 60),
  menu: { group: 'programme', order: 70 },
});
