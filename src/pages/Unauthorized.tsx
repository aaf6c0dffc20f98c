import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { Button, Navigate, Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { UNAUTHORIZED_PATH } from '../providers/authProvider';

/** The unauthorized screen of spec 1 section 2.1, at /authorization. */
export const Unauthorized = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, mt: 8, textAlign: 'center' }}>
      <Title title="app.page.access_denied" />
      <LockIcon color="disabled" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="p" color="text.secondary">
        {translate('app.page.unauthorized')}
      </Typography>
      <Button component={Link} to="/dashboard" label="app.action.go_to_dashboard" variant="outlined" />
    </Box>
  );
};

/** react-admin shows its access-denied route when canAccess fails; send the user to the spec's screen instead. */
export const GoToUnauthorized = () => <Navigate to={UNAUTHORIZED_PATH} replace />;
