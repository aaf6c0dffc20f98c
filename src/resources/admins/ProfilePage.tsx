import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Loading,
  ResourceContextProvider,
  SaveButton,
  TextInput,
  Title,
  Toolbar,
  useDataProvider,
  useGetIdentity,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { ConsoleForm } from '../common/ConsoleForm';
import { phoneDigits } from '../common/inputs';
import type { AppDataProvider } from '../../providers/dataProvider';
import { submissionErrors } from '../common/submissionErrors';
import { PhotoInput } from './PhotoInput';
import { CurrentPasswordForNewEmail } from './CurrentPasswordInput';
import { adminValidators } from './validation';

const PROFILE_KEY = ['admins', 'profile'];

const ProfileToolbar = () => (
  <Toolbar>
    <SaveButton label="app.action.submit" icon={<></>} alwaysEnable />
  </Toolbar>
);

/** The signed-in admin's own profile (spec 1 section 2.6): names, phone, email and photo. */
export const ProfilePage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { refetch: refetchIdentity } = useGetIdentity();
  const { data: profile, error } = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => (await dataProvider.getProfile()).data,
  });
  const { mutateAsync } = useMutation({
    mutationFn: async (values: Record<string, unknown>) => (await dataProvider.updateProfile(values)).data,
    onSuccess: (record: RaRecord) => {
      queryClient.setQueryData(PROFILE_KEY, record);
      // The app bar shows the stored name and photo, which updateProfile refreshed.
      void refetchIdentity();
      notify('app.notification.updated', { type: 'success' });
    },
  });

  const submit = async (values: Record<string, unknown>) => {
    try {
      await mutateAsync(values);
      return undefined;
    } catch (failure) {
      return submissionErrors(failure, notify);
    }
  };

  return (
    <ResourceContextProvider value="admins">
      <Title title="app.page.profile" />
      {error ? null : !profile ? (
        <Loading />
      ) : (
        <ConsoleForm record={profile} onSubmit={submit} toolbar={<ProfileToolbar />} sx={{ maxWidth: 640 }}>
          <PhotoInput source="file" />
          <TextInput source="f_name" validate={adminValidators.f_name} />
          <TextInput source="l_name" />
          <TextInput
            source="phone"
            parse={phoneDigits}
            validate={adminValidators.phone}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextInput source="email" type="email" validate={adminValidators.email} />
          <CurrentPasswordForNewEmail email={profile.email} source="password" />
        </ConsoleForm>
      )}
    </ResourceContextProvider>
  );
};
