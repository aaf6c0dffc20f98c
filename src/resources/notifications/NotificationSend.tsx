import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ResourceContextProvider,
  SelectInput,
  TextInput,
  Title,
  required,
  useDataProvider,
  useNotify,
} from 'react-admin';
import { ConsoleForm } from '../common/ConsoleForm';
import type { AppDataProvider } from '../../providers/dataProvider';
import { FormToolbar } from '../common/FormToolbar';
import { submissionErrors } from '../common/submissionErrors';
import { AUDIENCES, type SendValues } from './api';

const audienceChoices = AUDIENCES.map((audience) => ({
  id: audience,
  name: `resources.notifications.audience.${audience}`,
}));

const validators = {
  sendTo: required('app.notifications.audience_required'),
  title: required('app.validation.title_required'),
  body: required('app.notifications.message_required'),
};

const defaultValues: SendValues = { sendTo: 'admin', title: '', body: '' };

/** /notifications/send: choose the audience, write a title and a message, send. */
export const NotificationSend = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  // A new key empties the form after a successful send.
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Partial<SendValues>) => {
    try {
      const result = await dataProvider.sendNotification({
        sendTo: values.sendTo ?? 'admin',
        title: values.title?.trim() ?? '',
        body: values.body?.trim() ?? '',
      });
      const message = result.message ?? 'app.notification.added';
      notify(message, { type: 'success', messageArgs: { _: message } });
      setFormKey((key) => key + 1);
      // The sent list and (the sender being an admin too) the bell have something new.
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      return undefined;
    } catch (failure) {
      return submissionErrors(failure, notify);
    }
  };

  return (
    <ResourceContextProvider value="notifications">
      <Title title="resources.notifications.page.send" />
      <ConsoleForm
        key={formKey}
        defaultValues={defaultValues}
        onSubmit={submit}
        toolbar={<FormToolbar backTo="/notifications" />}
        sx={{ maxWidth: 640 }}
      >
        <SelectInput
          source="sendTo"
          choices={audienceChoices}
          validate={validators.sendTo}
          helperText="app.notifications.audience_hint"
        />
        <TextInput source="title" validate={validators.title} slotProps={{ htmlInput: { maxLength: 150 } }} />
        <TextInput
          source="body"
          multiline
          minRows={4}
          validate={validators.body}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </ConsoleForm>
    </ResourceContextProvider>
  );
};
