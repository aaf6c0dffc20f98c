import { useState } from 'react';
import Link from '@mui/material/Link';
import { requestPasswordReset } from '../../providers/authApi';
import { translate } from '../../i18n/authTranslate';
import { AuthForm, AuthHeading } from './AuthLayout';
import { AuthTextField } from './AuthTextField';
import { Link as EntryLink } from './entryRouter';
import { describeFailure, isEmail } from './errors';

export const ForgotPasswordPage = () => {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setGeneralError(null);
    setSentMessage(null);
    if (!email.trim()) return setEmailError(translate('app.auth.email_required'));
    if (!isEmail(email)) return setEmailError(translate('app.auth.email_invalid'));
    setEmailError(undefined);
    setSubmitting(true);
    try {
      const message = await requestPasswordReset(email.trim());
      setSentMessage(typeof message === 'string' && message ? message : translate('app.auth.reset_requested'));
    } catch (error) {
      const failure = describeFailure(error);
      setEmailError(failure.fields.email);
      setGeneralError(failure.general);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthHeading title={translate('app.auth.forgot_title')} subtitle={translate('app.auth.forgot_subtitle')} />
      <AuthForm
        onSubmit={() => void submit()}
        submitLabel={translate('app.auth.verify')}
        submitting={submitting}
        notice={sentMessage}
        error={generalError}
        footer={
          <Link component={EntryLink} to="/auth/login" variant="body2" sx={{ alignSelf: 'center' }}>
            {translate('app.auth.back_to_login')}
          </Link>
        }
      >
        <AuthTextField
          label={translate('app.auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          fullWidth
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(emailError)}
          helperText={emailError}
        />
      </AuthForm>
    </>
  );
};
