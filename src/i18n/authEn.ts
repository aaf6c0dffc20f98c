/**
 * The English words of the screens drawn before react-admin loads (sign-in, forgot and reset password,
 * the page loader): built into the sign-in bundle, which carries no other dictionary. `en.ts` takes them
 * in as its `app.*` keys, so the console and every other language see one English dictionary.
 */
const authEn = {
  title: 'Admin Console',
  loading: 'Loading…',
  auth: {
    login_title: 'Sign in to account',
    login_subtitle: 'Enter your email & password to login',
    email: 'Email Address',
    password: 'Password',
    remember_me: 'Remember me',
    forgot_password: 'Forgot password?',
    sign_in: 'Sign in',
    show_password: 'Show password',
    hide_password: 'Hide password',
    forgot_title: 'Forgot Password',
    forgot_subtitle: 'Enter your email and we will send you a link to create a new password.',
    verify: 'Verify',
    back_to_login: 'Back to login',
    reset_title: 'Create Your Password',
    new_password: 'New Password',
    confirm_password: 'Confirm Password',
    submit: 'Submit',
    checking_link: 'Checking your link…',
    reset_success: 'Successfully updated.',
    reset_success_app: 'Your password has been changed. Sign in to the app with your new password.',
    reset_requested: 'If that email is registered, a reset link has been sent.',
    invalid_token: 'Invalid token',
    email_required: 'Please provide your email.',
    email_invalid: 'Please provide a valid email.',
    password_required: 'Please provide your password.',
    password_mismatch: "Password didn't match.",
    request_failed: 'Something went wrong!',
  },
};

export default authEn;
