import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** Placeholder home page; the charts and totals of spec 1 section 2.5 come with the dashboard issue. */
export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="app.page.dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('app.page.dashboard')}
        </Typography>
        {identity?.fullName ? (
          <Typography color="text.secondary">{translate('app.dashboard.welcome', { name: identity.fullName })}</Typography>
        ) : null}
      </CardContent>
    </Card>
  );
};
