import { useState } from 'react';
import { useParams } from 'react-router';
import {
  CanAccess,
  PasswordInput,
  ResourceContextProvider,
  Title,
  useDataProvider,
  useGetIdentity,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ConsoleForm } from '../common/ConsoleForm';
import Typography from '@mui/material/Typography';
import type { AppDataProvider } from '../../providers/dataProvider';
import { GoToUnauthorized } from '../../pages/Unauthorized';
import { FormToolbar } from '../common/FormToolbar';
import { submissionErrors } from '../common/submissionErrors';
import { passwordChangeValidators } from './validation';

interface PasswordValues {
  oldPassword?: string;
  password?: string;
  confirmPassword?: string;
}

/** Whose password changes: one's own (old password asked, no Back) or another admin's. */
const ChangePasswordForm = ({ adminId }: { adminId?: string }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const own = adminId === undefined;
  const { data: admin } = useGetOne('admins', { id: adminId ?? '' }, { enabled: !own });
  // A new key empties the form after a successful change.
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: PasswordValues) => {
    try {
      await dataProvider.changePassword({
        id: adminId,
        oldPassword: own ? values.oldPassword : undefined,
        password: values.password ?? '',
        confirmPassword: values.confirmPassword ?? '',
      });
      notify('app.notification.updated', { type: 'success' });
      setFormKey((key) => key + 1);
      return undefined;
    } catch (failure) {
      return submissionErrors(failure, notify);
    }
  };

  const name = admin ? [admin.f_name, admin.l_name].filter(Boolean).join(' ') : '';
  return (
    <>
      <Title title="app.page.change_password" />
      {name ? (
        <Typography variant="subtitle1" sx={{ mt: 2 }}>
          {translate('app.page.change_password')}: {name}
        </Typography>
      ) : null}
      <ConsoleForm key={formKey} onSubmit={submit} toolbar={<FormToolbar back={!own} backTo="/admins" />} sx={{ maxWidth: 640 }}>
        {own ? (
          <PasswordInput source="oldPassword" validate={passwordChangeValidators.oldPassword} autoComplete="current-password" />
        ) : null}
        <PasswordInput
          source="password"
          label="app.auth.new_password"
          validate={passwordChangeValidators.password}
          autoComplete="new-password"
        />
        <PasswordInput
          source="confirmPassword"
          validate={passwordChangeValidators.confirmPassword}
          autoComplete="new-password"
        />
      </ConsoleForm>
    </>
  );
};

/** /admins/changePassword/:id? — without an id (or with one's own) it changes one's own password. */
export const ChangePasswordPage = () => {
  const { id } = useParams();
  // one's own id (the auth provider's identity) is one's own password, asked with the current one
  const { identity, isPending } = useGetIdentity();
  if (id && isPending) return null;
  const adminId = id && id !== String(identity?.id ?? '') ? id : undefined;
  return (
    <ResourceContextProvider value="admins">
      {adminId === undefined ? (
        <ChangePasswordForm />
      ) : (
        <CanAccess resource="change-password" action="edit" record={{ id: adminId }} accessDenied={<GoToUnauthorized />}>
          <ChangePasswordForm key={adminId} adminId={adminId} />
        </CanAccess>
      )}
    </ResourceContextProvider>
  );
};
