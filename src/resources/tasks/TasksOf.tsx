import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useCanAccess, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { sessionText } from '../common/Session';
import { StatusChip } from '../common/StatusChip';

const K = 'resources.tasks';

/**
 * The tasks that match a filter (a campaign's, a CHW's), newest first, each linking to its page: on the
 * campaign and CHW pages. Shown only to who may see tasks; the first 25 with how many there are.
 */
export const TasksOf = ({ filter, title, empty }: { filter: Record<string, unknown>; title: string; empty: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess } = useCanAccess({ resource: 'tasks', action: 'list' });
  const { data, total, isPending, error } = useGetList('tasks', { pagination: { page: 1, perPage: 25 }, sort: { field: 'created_at', order: 'DESC' }, filter }, { enabled: canAccess === true });
  if (!canAccess) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(title)}
          {total ? ` (${total})` : ''}
        </Typography>
        {isPending ? (
          <Box sx={{ py: 2 }}>
            <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
          </Box>
        ) : error ? (
          <Typography color="error" sx={{ pt: 1 }}>
            {translate('ra.notification.http_error')}
          </Typography>
        ) : !data?.length ? (
          <Typography color="text.secondary" sx={{ pt: 1 }}>
            {translate(empty)}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${K}.fields.title`)}</TableCell>
                  <TableCell>{translate(`${K}.fields.session`)}</TableCell>
                  <TableCell>{translate(`${K}.fields.type`)}</TableCell>
                  <TableCell>{translate(`${K}.fields.completed`)}</TableCell>
                  <TableCell>{translate(`${K}.fields.status`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((task) => (
                  <RecordContextProvider key={task.id} value={task}>
                    <TableRow>
                      <TableCell>
                        <MuiLink component={Link} to={`/tasks/${encodeURIComponent(String(task.id))}/show`}>
                          {String(task.title ?? '')}
                        </MuiLink>
                      </TableCell>
                      <TableCell>{sessionText(task.s_date, task.e_date, locale)}</TableCell>
                      <TableCell>{translate(`${K}.types.${String(task.type)}`)}</TableCell>
                      <TableCell>{translate(`${K}.progress`, { done: Number(task.completed ?? 0), total: (task.person_ids as unknown[] | undefined)?.length ?? 0 })}</TableCell>
                      <TableCell>
                        <StatusChip />
                      </TableCell>
                    </TableRow>
                  </RecordContextProvider>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
