import { Fragment, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
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

export const AuthForm = ({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) => (
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
  </Box>
);
