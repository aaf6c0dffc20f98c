import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { login } from '../../providers/authApi';
import { isSignedIn } from '../../providers/session';
import { SIGN_IN_DEFAULTS } from '../../providers/signInDefaults';
import { pathAfterSignIn } from '../../providers/signInPath';
import { translate } from '../../i18n/authTranslate';
import { loadAdminApp, preloadAdminApp } from '../../adminApp';
import { AuthForm, AuthHeading } from './AuthLayout';
import { AuthTextField } from './AuthTextField';
import { Link as EntryLink, Navigate, useLocation, useNavigate } from './entryRouter';
import { PasswordField } from './PasswordField';
import { describeFailure, isEmail } from './errors';

/** Location state other auth screens pass on (the reset screen announces a changed password). */
export interface LoginLocationState {
  notice?: string;
}

export const LoginPage = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LoginLocationState | null)?.notice;
  // empty, or the demo admin's in the in-browser demo (npm run demo:static)
  const [email, setEmail] = useState(SIGN_IN_DEFAULTS.email);
  const [password, setPassword] = useState(SIGN_IN_DEFAULTS.password);
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // The page asked for before signing in (?next=), else the dashboard.
  const destination = pathAfterSignIn(location.search);

  // While the visitor types, the console behind the form is fetched and made ready (after the form is drawn).
  useEffect(preloadAdminApp, []);

  if (isSignedIn() && !submitting) return <Navigate to={destination} replace />;

  const validate = (): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (!email.trim()) errors.email = translate('app.auth.email_required');
    else if (!isEmail(email)) errors.email = translate('app.auth.email_invalid');
    if (!password) errors.password = translate('app.auth.password_required');
    return errors;
  };

  const submit = async () => {
    const errors = validate();
    setFieldErrors(errors);
    setGeneralError(null);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    // The admin bundle, if it is not here yet, while the credentials are being checked.
    void loadAdminApp();
    try {
      await login(email.trim(), password, rememberMe);
      navigate(destination, { replace: true });
    } catch (error) {
      const failure = describeFailure(error);
      setFieldErrors(failure.fields);
      setGeneralError(failure.general);
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthHeading title={translate('app.auth.login_title')} subtitle={translate('app.auth.login_subtitle')} />
      <AuthForm
        onSubmit={() => void submit()}
        submitLabel={translate('app.auth.sign_in')}
        submitting={submitting}
        notice={notice ? translate(notice) : null}
        error={generalError}
      >
        <AuthTextField
          label={translate('app.auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          required
          fullWidth
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(fieldErrors.email)}
          helperText={fieldErrors.email}
        />
        <PasswordField
          label={translate('app.auth.password')}
          name="password"
          autoComplete="current-password"
          required
          fullWidth
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <FormControlLabel
            control={<Checkbox checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />}
            label={translate('app.auth.remember_me')}
          />
          <Link component={EntryLink} to="/auth/verifyEmail" variant="body2">
            {translate('app.auth.forgot_password')}
          </Link>
        </Box>
      </AuthForm>
    </>
  );
};
