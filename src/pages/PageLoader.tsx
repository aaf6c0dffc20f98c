import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { translate } from '../i18n/authTranslate';

/** Full-page spinner shown while a lazily loaded part of the console downloads. */
export const PageLoader = () => (
  <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
    <CircularProgress aria-label={translate('app.loading')} />
  </Box>
);
