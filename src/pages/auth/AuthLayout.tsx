import { Fragment, useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { palette } from '../../layout/palette';
import { chooseAuthLanguage, translate, useAuthLanguage } from '../../i18n/authTranslate';
import { LanguageChooser } from '../../i18n/LanguageChooser';
import { languageDirection } from '../../i18n/languages';

/** Frame of the public screens; react-admin (and its theme) is not loaded yet when they show. */
export const AuthLayout = ({ children }: { children: ReactNode }) => {
  // The screens are drawn again in a newly chosen language (Arabic: right to left).
  const language = useAuthLanguage();
  const theme = useMemo(() => createTheme({ palette, direction: languageDirection(language) }), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}
      >
        <Card sx={{ width: '100%', maxWidth: 440 }} elevation={3}>
          <CardContent sx={{ p: 4 }}>
            <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="h6" color="primary" sx={{ fontWeight: 600 }}>
                {translate('app.title')}
              </Typography>
              <LanguageChooser value={language} onChange={(code) => void chooseAuthLanguage(code)} />
            </Box>
            <Fragment key={language}>{children}</Fragment>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
};

export const AuthHeading = ({ title, subtitle }: { title: string; subtitle?: string }) => (
  <Box sx={{ mb: 3 }}>
    <Typography variant="h5" component="h1" gutterBottom>
      {title}
    </Typography>
    {subtitle ? (
      <Typography variant="body2" color="text.secondary">
        {subtitle}
      </Typography>
    ) : null}
  </Box>
);

export interface AuthFormProps {
  onSubmit: () => void;
  /** the submit button's text; the button is off while `submitting` */
  submitLabel: string;
  submitting: boolean;
  /** a success message above the form (a changed password, a sent link) */
  notice?: string | null;
  /** what went wrong, not tied to one field, above the form */
  error?: string | null;
  /** the fields */
  children: ReactNode;
  /** under the submit button (a link back to the sign-in screen) */
  footer?: ReactNode;
}

/** The form of a sign-in screen: its messages, its fields and its submit button, in the same places on every screen. */
export const AuthForm = ({ onSubmit, submitLabel, submitting, notice, error, children, footer }: AuthFormProps) => (
  <>
    {notice ? (
      <Alert severity="success" sx={{ mb: 2 }}>
        {notice}
      </Alert>
    ) : null}
    {error ? (
      <Alert severity="error" sx={{ mb: 2 }}>
        {error}
      </Alert>
    ) : null}
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {submitLabel}
      </Button>
      {footer}
    </Box>
  </>
);
