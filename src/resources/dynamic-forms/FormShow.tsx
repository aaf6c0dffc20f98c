import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Loading, Show, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Detail, ProfileActions } from '../common/people';
import { StatusChip } from '../common/StatusChip';
import { formatDate } from '../../i18n/dates';
import { useRecordChanges } from '../common/useRecordChanges';
import { SubmissionsExportButton } from './SubmissionsExport';

const K = 'resources.dynamic-forms';

/** A survey form's page: its details, how many submissions it has (kept current), the export, and its questions in order. */
const FormDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useRecordChanges();
  if (!record) return <Loading />;
  const questions = (record.questions as RaRecord[] | undefined) ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 900 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1">
        {String(record.title ?? '')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label={`${K}.fields.status`}>
            <StatusChip />
          </Detail>
          <Detail label={`${K}.fields.created_at`}>{formatDate(String(record.created_at ?? ''), locale)}</Detail>
          <Detail label={`${K}.fields.version`}>{String(record.version ?? '')}</Detail>
          <Detail label={`${K}.fields.submissions_count`}>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <span data-testid="submissions-count">{translate(`${K}.message.submissions`, { smart_count: Number(record.submissions_count ?? 0) })}</span>
              <SubmissionsExportButton variant="outlined" />
            </Box>
          </Detail>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2">
        {translate(`${K}.fields.questions`)}
      </Typography>
      <Box component="ol" sx={{ m: 0, ps: 3, display: 'grid', gap: 1.5 }}>
        {questions.map((q) => {
          const options = (q.options as { title: string }[] | undefined) ?? [];
          return (
            <li key={String(q.id)}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="span">
                  {String(q.title)}
                </Typography>
                <Chip size="small" variant="outlined" label={translate(`${K}.types.${String(q.type)}`)} />
                {q.is_required ? <Chip size="small" color="primary" variant="outlined" label={translate(`${K}.fields.is_required`)} /> : null}
              </Box>
              {options.length > 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {options.map((o) => o.title).join(' · ')}
                </Typography>
              ) : null}
            </li>
          );
        })}
      </Box>
    </Box>
  );
};

export const FormShow = () => (
  <Show component="div" actions={false}>
    <FormDetail />
  </Show>
);
