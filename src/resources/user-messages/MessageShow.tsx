import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useDataProvider, useLocaleState, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { AssignedShow, LinkedTitle, placeOf, PeopleTable, type Linked, type PeopleColumn } from '../common/AssignedShow';
import { Detail } from '../common/people';
import { StatusChip } from '../common/StatusChip';
import { formatDate } from '../../i18n/dates';

const K = 'resources.user-messages';
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
  const columns: PeopleColumn<Recipient>[] = [
    {
      label: `${K}.fields.full_name`,
      cell: (r) => (
        <MuiLink component={Link} to={`/app-users/${encodeURIComponent(r.id)}/show`}>
          {r.full_name}
        </MuiLink>
      ),
    },
    { label: `${K}.fields.is_view`, cell: (r) => translate(`${K}.viewed.${r.task_status.is_view ? 'yes' : 'no'}`) },
    {
      label: `${K}.fields.recipient_status`,
      cell: (r) => <Chip size="small" variant="outlined" color={r.task_status.status === 'Submitted' ? 'success' : 'default'} label={translate(`${K}.recipient_statuses.${r.task_status.status}`, { _: r.task_status.status })} />,
    },
    { label: `${K}.fields.submitted_date`, cell: (r) => formatDate(r.task_status.submitted_date, locale) },
  ];
  return (
    <>
      <PeopleTable label={`${K}.recipients`} columns={columns} rows={rows} rowKey={(r) => r.id} />
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

/** What the message says and to whom. */
const MessageDetails = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const interests = (record.interest_ids as { id: Identifier; title: string }[] | undefined) ?? [];
  const ages = record.from_age != null && record.to_age != null ? translate(`${K}.ages`, { from: record.from_age, to: record.to_age }) : translate(`${K}.all_ages`);
  const survey = record.survey as Linked;
  return (
    <>
      <Detail label={`${K}.fields.status`}>
        <StatusChip />
      </Detail>
      <Detail label={`${K}.fields.type`}>{translate(`${K}.types.${String(record.type)}`)}</Detail>
      {record.type === 'Survey' && survey ? (
        <Detail label={`${K}.fields.survey_id`}>
          <LinkedTitle resource="dynamic-forms" item={survey} />
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
      <Detail label="resources.campaigns.place">{placeOf(record)}</Detail>
      <Detail label={`${K}.fields.created_at`}>{formatDate(String(record.created_at ?? ''), locale)}</Detail>
      <Detail label={`${K}.fields.total_users`}>
        <span data-testid="total-users">{translate(`${K}.recipients_count`, { smart_count: Number(record.total_users ?? 0) })}</span>
      </Detail>
    </>
  );
};

const MessageRecipients = () => {
  const record = useRecordContext();
  return record ? <Recipients id={String(record.id)} total={Number(record.total_users ?? 0)} /> : null;
};

/** A message's page: what it says and to whom, then its recipients, kept current. */
export const MessageShow = () => <AssignedShow details={<MessageDetails />} peopleTitle={`${K}.recipients`} people={<MessageRecipients />} />;
