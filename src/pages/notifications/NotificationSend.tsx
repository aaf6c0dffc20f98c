import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ResourceContextProvider,
  SelectInput,
  TextInput,
  Title,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ConsoleForm } from '../../resources/common/ConsoleForm';
import type { AppDataProvider } from '../../providers/dataProvider';
import { FormToolbar } from '../../resources/common/FormToolbar';
import { submissionErrors } from '../../resources/common/submissionErrors';
import { ConfirmDialog } from '../../resources/common/ConfirmButton';
import { AUDIENCES, type SendValues } from './api';
import { AudienceCount, countAudience, useCountWords } from './AudienceCount';

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

/** A send waiting for its confirmation: what it is, how many it reaches (null: the backend cannot say), and the answer. */
interface Pending {
  values: SendValues;
  recipients: number | null;
  answer: (send: boolean) => void;
}

/**
 * /notifications/send: choose the audience (its size shown as it changes), write a title and a message,
 * send; Submit asks first, naming how many the send reaches.
 */
export const NotificationSend = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const words = useCountWords();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  // A new key empties the form after a successful send.
  const [formKey, setFormKey] = useState(0);
  // the send asked about stays after the answer, so the closing dialog keeps its words
  const [pending, setPending] = useState<Pending | null>(null);
  const [asking, setAsking] = useState(false);
  const answered = useRef(false);

  /** Opens the confirmation; resolves with the admin's answer (the form stays submitting meanwhile). */
  const confirmed = async (values: SendValues): Promise<boolean> => {
    const recipients = await countAudience(queryClient, dataProvider, values.sendTo);
    answered.current = false;
    return new Promise((resolve) => {
      setPending({ values, recipients, answer: resolve });
      setAsking(true);
    });
  };
  const answer = (send: boolean) => {
    if (!pending || answered.current) return;
    answered.current = true;
    pending.answer(send);
    setAsking(false);
  };

  const submit = async (form: Partial<SendValues>) => {
    const values: SendValues = { sendTo: form.sendTo ?? 'admin', title: form.title?.trim() ?? '', body: form.body?.trim() ?? '' };
    if (!(await confirmed(values))) return undefined;
    try {
      const result = await dataProvider.sendNotification(values);
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

  const audience = pending ? translate(`resources.notifications.audience.${pending.values.sendTo}`) : '';
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
        <AudienceCount />
        <TextInput source="title" validate={validators.title} slotProps={{ htmlInput: { maxLength: 150 } }} />
        <TextInput
          source="body"
          multiline
          minRows={4}
          validate={validators.body}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </ConsoleForm>
      <ConfirmDialog
        open={asking}
        title={translate('app.notifications.confirm_title', { title: pending?.values.title ?? '' })}
        content={
          pending === null
            ? null
            : pending.recipients === null
              ? translate('app.notifications.confirm_uncounted', { audience })
              : words('app.notifications.confirm_count', pending.recipients, { audience })
        }
        keep="ra.action.cancel"
        confirm="app.notifications.confirm_send"
        onConfirm={() => answer(true)}
        onClose={() => answer(false)}
      />
    </ResourceContextProvider>
  );
};
