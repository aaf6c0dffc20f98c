import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { resetPassword, verifyResetToken } from '../../providers/authApi';
import { translate } from '../../i18n/authTranslate';
import { AuthForm, AuthHeading } from './AuthLayout';
import { Link as EntryLink, useNavigate, useSearchParams } from './entryRouter';
import { PasswordField } from './PasswordField';
import { describeFailure } from './errors';
import type { LoginLocationState } from './LoginPage';

type TokenState = { status: 'checking' } | { status: 'valid' } | { status: 'invalid'; message: string };

const invalid = (error?: unknown): TokenState => {
  const failure = error === undefined ? undefined : describeFailure(error);
  return { status: 'invalid', message: failure?.fields.token ?? failure?.general ?? translate('app.auth.invalid_token') };
};

export const ResetPasswordPage = () => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  // a link emailed to a field app account (patient, CHW, doctor) rather than to an admin
  const account = searchParams.get('account') === 'user' ? 'user' : 'admin';
  const [doneForApp, setDoneForApp] = useState(false);
  const [tokenState, setTokenState] = useState<TokenState>(token ? { status: 'checking' } : invalid());
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyResetToken(token, account).then(
      () => current && setTokenState({ status: 'valid' }),
      // A rejected token arrives as a 422 whose field error is the text to show.
      (error: unknown) => current && setTokenState(invalid(error)),
    );
    return () => {
      current = false;
    };
  }, [token, account]);

  const submit = async () => {
    const errors: Record<string, string> = {};
    if (!password) errors.password = translate('app.auth.password_required');
    if (!confirmPassword) errors.confirmPassword = translate('app.auth.password_required');
    else if (password !== confirmPassword) errors.confirmPassword = translate('app.auth.password_mismatch');
    setFieldErrors(errors);
    setGeneralError(null);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      await resetPassword(token, password, confirmPassword, account);
      if (account === 'user') {
        // a field app account signs in to its app, not to this console
        setDoneForApp(true);
        return;
      }
      const state: LoginLocationState = { notice: 'app.auth.reset_success' };
      navigate('/auth/login', { replace: true, state });
    } catch (error) {
      const failure = describeFailure(error);
      if (failure.fields.token) {
        setTokenState({ status: 'invalid', message: failure.fields.token });
      } else {
        setFieldErrors(failure.fields);
        setGeneralError(failure.general);
      }
      setSubmitting(false);
    }
  };

  if (doneForApp) {
    return (
      <>
        <AuthHeading title={translate('app.auth.reset_title')} />
        <Alert severity="success" role="status">
          {translate('app.auth.reset_success_app')}
        </Alert>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={translate('app.auth.reset_title')} />
      {tokenState.status === 'checking' ? (
        <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} />
          {translate('app.auth.checking_link')}
        </Typography>
      ) : null}
      {tokenState.status === 'invalid' ? (
        <Typography color="error" role="alert" sx={{ mb: 2 }}>
          {tokenState.message}
        </Typography>
      ) : null}
      {tokenState.status === 'valid' ? (
        <AuthForm onSubmit={() => void submit()} submitLabel={translate('app.auth.submit')} submitting={submitting} error={generalError}>
          <PasswordField
            label={translate('app.auth.new_password')}
            name="password"
            autoComplete="new-password"
            autoFocus
            required
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
          />
          <PasswordField
            label={translate('app.auth.confirm_password')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            fullWidth
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            error={Boolean(fieldErrors.confirmPassword)}
            helperText={fieldErrors.confirmPassword}
          />
        </AuthForm>
      ) : null}
      <Link component={EntryLink} to="/auth/login" variant="body2" sx={{ display: 'block', textAlign: 'center', mt: 2 }}>
        {translate('app.auth.back_to_login')}
      </Link>
    </>
  );
};
