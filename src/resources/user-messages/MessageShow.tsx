import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Loading, Show, useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { Detail, ProfileActions } from '../common/people';
import { StatusChip } from '../common/StatusChip';
import { formatDate } from '../common/Timeline';
import { useRecordChanges } from '../common/useRecordChanges';

const K = 'resources.user-messages';
type Linked = { title?: string; encrypted_id?: string } | null | undefined;
interface Recipient {
  id: string;
  full_name: string;
  task_status: { is_view: boolean; status: string; submitted_date: string | null };
}

/** The message's recipients, 25 a page: Name, View, Status, Submitted Date (spec 3). */
const Recipients = ({ id, total }: { id: string; total: number }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [page, setPage] = useState(0);
  const perPage = 25;
  const { data, isPending, error } = useQuery({
    queryKey: ['user-messages', 'getRecordList', { id, list: 'recipients', page }],
    queryFn: ({ signal }) => dataProvider.getRecordList('user-messages', { id, list: 'recipients', page: page + 1, perPage, signal }),
  });
  if (isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (error) return <Typography color="error">{translate('ra.notification.http_error')}</Typography>;
  const rows = data.data as unknown as Recipient[];
  if (!rows.length) return <Typography color="text.secondary">{translate(`${K}.no_recipients`)}</Typography>;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${K}.recipients`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${K}.fields.full_name`)}</TableCell>
              <TableCell>{translate(`${K}.fields.is_view`)}</TableCell>
              <TableCell>{translate(`${K}.fields.recipient_status`)}</TableCell>
              <TableCell>{translate(`${K}.fields.submitted_date`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <MuiLink component={Link} to={`/app-users/${encodeURIComponent(r.id)}/show`}>
                    {r.full_name}
                  </MuiLink>
                </TableCell>
                <TableCell>{translate(`${K}.viewed.${r.task_status.is_view ? 'yes' : 'no'}`)}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={r.task_status.status === 'Submitted' ? 'success' : 'default'} label={translate(`${K}.recipient_statuses.${r.task_status.status}`, { _: r.task_status.status })} />
                </TableCell>
                <TableCell>{formatDate(r.task_status.submitted_date, locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={data.total ?? total}
        page={page}
        onPageChange={(_e, next) => setPage(next)}
        rowsPerPage={perPage}
        rowsPerPageOptions={[perPage]}
        labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      />
    </>
  );
};

/** A message's page: what it says and to whom, then its recipients. */
const MessageDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useRecordChanges();
  if (!record) return <Loading />;
  const interests = (record.interest_ids as { id: number; title: string }[] | undefined) ?? [];
  const place = [(record.district as Linked)?.title, (record.tehsil as Linked)?.title].filter(Boolean).join(' › ');
  const ages = record.from_age != null && record.to_age != null ? translate(`${K}.ages`, { from: record.from_age, to: record.to_age }) : translate(`${K}.all_ages`);
  const survey = record.survey as Linked;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1000 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {String(record.title ?? '')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label={`${K}.fields.status`}>
            <StatusChip />
          </Detail>
          <Detail label={`${K}.fields.type`}>{translate(`${K}.types.${String(record.type)}`)}</Detail>
          {record.type === 'Survey' && survey ? (
            <Detail label={`${K}.fields.survey_id`}>
              {survey.encrypted_id ? (
                <MuiLink component={Link} to={`/dynamic-forms/${encodeURIComponent(survey.encrypted_id)}/show`}>
                  {survey.title}
                </MuiLink>
              ) : (
                survey.title
              )}
            </Detail>
          ) : null}
          {record.type === 'Knowledge' ? <Detail label={`${K}.fields.knowledge_id`}>{(record.knowledge as Linked)?.title ?? ''}</Detail> : null}
          {record.text ? <Detail label={`${K}.fields.text`}>{String(record.text)}</Detail> : null}
          <Detail label={`${K}.fields.interest_ids`}>
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
              {interests.map((i) => (
                <Chip key={i.id} size="small" label={i.title} />
              ))}
            </Box>
          </Detail>
          <Detail label={`${K}.fields.from_age`}>{ages}</Detail>
          <Detail label="resources.campaigns.place">{place}</Detail>
          <Detail label={`${K}.fields.created_at`}>{formatDate(String(record.created_at ?? ''), locale)}</Detail>
          <Detail label={`${K}.fields.total_users`}>
            <span data-testid="total-users">{translate(`${K}.recipients_count`, { smart_count: Number(record.total_users ?? 0) })}</span>
          </Detail>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {translate(`${K}.recipients`)}
          </Typography>
          <Recipients id={String(record.id)} total={Number(record.total_users ?? 0)} />
        </CardContent>
      </Card>
    </Box>
  );
};

export const MessageShow = () => (
  <Show component="div" actions={false}>
    <MessageDetail />
  </Show>
);
