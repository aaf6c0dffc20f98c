import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { CanAccess, Loading, useGetList, useTranslate } from 'react-admin';
import type { PageKey } from '../../../contract/enums';
import { GoToUnauthorized } from '../../pages/Unauthorized';
import { K } from './PageKeyName';
import { PageShow } from './PageShow';

/**
 * The footer's way to a page (`/pages/privacy-policy`, a lasting address): the page when it exists,
 * else an offer to write it.
 */
const FindPage = ({ pageKey }: { pageKey: PageKey }) => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList('pages', { filter: { key: pageKey }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } });
  if (isPending) return <Loading />;
  const page = data?.[0];
  if (page) return <PageShow id={page.id} />;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate(`${K}.keys.${pageKey}`)}
        </Typography>
        <Typography color={error ? 'error' : 'text.secondary'} sx={{ mb: 2 }}>
          {translate(error ? 'ra.notification.http_error' : `${K}.not_written`)}
        </Typography>
        {error ? null : (
          <CanAccess resource="pages" action="create">
            <Button component={Link} variant="contained" to={`/pages/create?source=${encodeURIComponent(JSON.stringify({ key: pageKey }))}`}>
              {translate(`${K}.action.create`)}
            </Button>
          </CanAccess>
        )}
      </CardContent>
    </Card>
  );
};

export const PageByKey = ({ pageKey }: { pageKey: PageKey }) => (
  <CanAccess resource="pages" action="list" accessDenied={<GoToUnauthorized />}>
    <FindPage pageKey={pageKey} />
  </CanAccess>
);
