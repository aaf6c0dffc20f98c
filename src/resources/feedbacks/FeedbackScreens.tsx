import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { FEEDBACK_STATUSES } from '../../../contract/enums';
import { Loading, SelectInput, Show, TextInput, required, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Detail, fullName, ProfileActions } from '../common/people';
import { ResourceEdit } from '../common/ResourceForms';
import { formatDate } from '../common/Timeline';
import { RatingStars } from './RatingStars';

const K = 'resources.feedbacks';
/** a person the record names, by the full name the server adds (or first and last) */
export const nameOf = (person: unknown): string => {
  const p = person as Record<string, unknown> | null | undefined;
  return typeof p?.full_name === 'string' ? p.full_name : fullName(p ?? undefined);
};

/** What the patient sent, as sent: who, about whom, the stars, the day and their words. */
const FeedbackSummary = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return <Loading />;
  return (
    <Card variant="outlined" sx={{ mb: 2, width: '100%', maxWidth: 800 }}>
      <CardContent sx={{ display: 'grid', gap: 0.75 }}>
        <Detail label={`${K}.fields.user`}>{nameOf(record.user)}</Detail>
        <Detail label={`${K}.fields.doctor`}>{nameOf(record.doctor)}</Detail>
        <Detail label={`${K}.fields.rating`}>
          <RatingStars value={record.rating} />
        </Detail>
        <Detail label={`${K}.fields.dated_at`}>{formatDate(String(record.dated_at ?? ''), locale)}</Detail>
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

const FeedbackDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <Loading />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(`${K}.page.show`)}
      </Typography>
      <FeedbackSummary />
      <Card variant="outlined" sx={{ maxWidth: 800 }}>
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label={`${K}.fields.status`}>{statusText(translate, record.status)}</Detail>
          <Detail label={`${K}.fields.note`}>
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {record.note ? String(record.note) : '—'}
            </Box>
          </Detail>
        </CardContent>
      </Card>
    </Box>
  );
};

export const FeedbackShow = () => (
  <Show component="div" actions={false}>
    <FeedbackDetail />
  </Show>
);

/** a status in the reader's language (a value the console does not know, as it is) */
export const statusText = (translate: (key: string) => string, status: unknown): string =>
  (FEEDBACK_STATUSES as readonly unknown[]).includes(status) ? translate(`${K}.statuses.${String(status)}`) : String(status ?? '');

export const FEEDBACK_STATUS_CHOICES = FEEDBACK_STATUSES.map((s) => ({ id: s, name: `${K}.statuses.${s}` }));

/** Staff keep the status and a note of what they did; the patient's words and rating are shown, not editable. */
export const FeedbackEdit = () => (
  <ResourceEdit transform={(data: RaRecord) => ({ status: data.status, note: data.note ?? null })}>
    <FeedbackSummary />
    <SelectInput source="status" choices={FEEDBACK_STATUS_CHOICES} validate={required(`${K}.validation.status_required`)} />
    <TextInput source="note" multiline fullWidth minRows={3} helperText={`${K}.note_help`} />
  </ResourceEdit>
);
