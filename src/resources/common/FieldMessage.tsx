import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Loading, SelectInput, Show, TextInput, required, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Detail, fullName, ProfileActions } from './people';
import { ResourceEdit } from './ResourceForms';

/**
 * The screens of a message from the field (feedback, a support request): the sender's words as sent,
 * above what staff keep, a status and their answer (a feedback's note, a support request's reply).
 * Staff change only those two; the page and the edit form show the message the same way.
 */
export interface FieldMessageDeclaration {
  resource: 'feedbacks' | 'supports';
  statuses: readonly string[];
  /** the field staff write: shown on the page, edited with the status */
  answer: 'note' | 'reply';
  /** the page's text for no answer yet, a translation key; undefined: a dash */
  noAnswer?: string;
  /** who sent it and when, above their words (rendered in the record's context) */
  details: ReactNode;
}

/** a person the record names, by the full name the server adds (or first and last) */
export const nameOf = (person: unknown): string => {
  const p = person as Record<string, unknown> | null | undefined;
  return typeof p?.full_name === 'string' ? p.full_name : fullName(p ?? undefined);
};

/** a list's cell or a secondary text: the start of the sender's words */
export const excerptOf = (text: unknown, n = 80) => {
  const s = String(text ?? '');
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};

/** a status in the reader's language (a value the console does not know, as it is) */
export const statusText = (translate: (key: string) => string, { resource, statuses }: Pick<FieldMessageDeclaration, 'resource' | 'statuses'>, status: unknown): string =>
  (statuses as readonly unknown[]).includes(status) ? translate(`resources.${resource}.statuses.${String(status)}`) : String(status ?? '');

/** The record's status as text, for a list column. */
export const FieldMessageStatus = ({ declaration }: { declaration: Pick<FieldMessageDeclaration, 'resource' | 'statuses'> }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{statusText(translate, declaration, record?.status)}</>;
};

/** What the sender sent, as sent: the declaration's details, then their words. */
const FieldMessageSummary = ({ declaration }: { declaration: FieldMessageDeclaration }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <Loading />;
  return (
    <Card variant="outlined" sx={{ mb: 2, width: '100%', maxWidth: 800 }}>
      <CardContent sx={{ display: 'grid', gap: 0.75 }}>
        {declaration.details}
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
          {translate(`resources.${declaration.resource}.fields.msg`)}
        </Typography>
        <Typography variant="body1" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {String(record.msg ?? '')}
        </Typography>
      </CardContent>
    </Card>
  );
};

const FieldMessageDetail = ({ declaration }: { declaration: FieldMessageDeclaration }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <Loading />;
  const K = `resources.${declaration.resource}`;
  const answer: unknown = record[declaration.answer];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(`${K}.page.show`)}
      </Typography>
      <FieldMessageSummary declaration={declaration} />
      <Card variant="outlined" sx={{ maxWidth: 800 }}>
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label={`${K}.fields.status`}>{statusText(translate, declaration, record.status)}</Detail>
          <Detail label={`${K}.fields.${declaration.answer}`}>
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {answer ? String(answer) : declaration.noAnswer ? translate(declaration.noAnswer) : '—'}
            </Box>
          </Detail>
        </CardContent>
      </Card>
    </Box>
  );
};

/** The show and edit screens of one kind of message from the field. */
export function fieldMessageScreens(declaration: FieldMessageDeclaration) {
  const K = `resources.${declaration.resource}`;
  const choices = declaration.statuses.map((s) => ({ id: s, name: `${K}.statuses.${s}` }));
  const show = () => (
    <Show component="div" actions={false}>
      <FieldMessageDetail declaration={declaration} />
    </Show>
  );
  // staff keep the status and their answer; the sender's words are shown, not editable
  const edit = () => (
    <ResourceEdit transform={(data: RaRecord) => ({ status: data.status, [declaration.answer]: data[declaration.answer] ?? null })}>
      <FieldMessageSummary declaration={declaration} />
      <SelectInput source="status" choices={choices} validate={required(`${K}.validation.status_required`)} />
      <TextInput source={declaration.answer} multiline fullWidth minRows={3} helperText={`${K}.${declaration.answer}_help`} />
    </ResourceEdit>
  );
  return { show, edit };
}
