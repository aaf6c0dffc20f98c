import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { HttpError, required, SaveButton, TextInput, Toolbar, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ConsoleForm } from '../../resources/common/ConsoleForm';
import type { AppDataProvider } from '../../providers/dataProvider';
import { MediaInput } from '../../resources/common/MediaInput';
import { PROMOTIONAL_QUERY_KEY, type SectionKey, type SectionValues } from './api';

const V = 'resources.promotional.validation';
export const MESSAGES = {
  imageFormat: `${V}.image_format`,
  videoFormat: `${V}.video_format`,
  file: `${V}.file_required`,
  description: `${V}.description_required`,
  title: `${V}.title_required`,
  heading: `${V}.heading_required`,
  value: `${V}.value_required`,
  key: `${V}.key_required`,
  name: `${V}.name_required`,
  text: `${V}.text_required`,
} as const;

const validators = {
  description: required(MESSAGES.description),
  title: required(MESSAGES.title),
  heading: required(MESSAGES.heading),
  value: required(MESSAGES.value),
  key: required(MESSAGES.key),
};

/**
 * A refused save: the server's field messages go under the fields, and the form names the first one in
 * a toast and leads to it (ConsoleForm); any other failure is a toast for 10 seconds.
 */
export const useSaveFailure = () => {
  const notify = useNotify();
  return (failure: unknown): Record<string, string> | undefined => {
    const errors: unknown = failure instanceof HttpError && typeof failure.body === 'object' && failure.body !== null ? (failure.body as { errors?: unknown }).errors : null;
    const fields = typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
    // field errors go back to the form, whose machinery names the first and leads to it (ConsoleForm)
    if (Object.keys(fields).length) return fields;
    const message = failure instanceof Error && failure.message ? failure.message : 'ra.notification.http_error';
    notify(message, { type: 'error', autoHideDuration: 10_000, messageArgs: { _: message } });
    return undefined;
  };
};

/** The body of a section's store: its text, new files as they are, a removed file as null; a kept file is left out (the server keeps it). */
function bodyOf(values: Record<string, unknown>, textFields: readonly string[], fileFields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of textFields) body[field] = typeof values[field] === 'string' ? (values[field] as string).trim() : '';
  for (const field of fileFields) {
    const value = values[field];
    if (value instanceof File) body[field] = value;
    else if (value == null || value === '') body[field] = null;
  }
  return body;
}

interface SectionFormProps {
  section: SectionKey;
  record: SectionValues | null;
  canSave: boolean;
  textFields: readonly string[];
  fileFields: readonly string[];
  /** show the upload's progress (the how-it-works video) */
  withProgress?: boolean;
  children: ReactNode;
}

/** One tab's form: its own Save, the spec's success toast, the stored content shown again after saving. */
const SectionForm = ({ section, record, canSave, textFields, fileFields, withProgress = false, children }: SectionFormProps) => {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failed = useSaveFailure();
  const [progress, setProgress] = useState<number | null>(null);
  const [version, setVersion] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    try {
      const body = bodyOf(values, textFields, fileFields);
      const sendsFile = Object.values(body).some((v) => v instanceof File);
      if (withProgress && sendsFile) setProgress(0);
      const answer = await dataProvider.savePromotionalSection(section, body, { onProgress: withProgress && sendsFile ? setProgress : undefined });
      queryClient.setQueryData(PROMOTIONAL_QUERY_KEY, (current: Record<string, unknown> | undefined) => (current ? { ...current, [section]: answer.data } : current));
      void queryClient.invalidateQueries({ queryKey: PROMOTIONAL_QUERY_KEY });
      setVersion((v) => v + 1);
      notify('app.notification.updated', { type: 'success', autoHideDuration: 5000 });
      return undefined;
    } catch (failure) {
      return failed(failure);
    } finally {
      setProgress(null);
    }
  };

  return (
    <ConsoleForm
      key={version}
      record={record ?? {}}
      onSubmit={submit}
      sx={{ p: 0, maxWidth: 960 }}
      toolbar={
        canSave ? (
          <Toolbar sx={{ bgcolor: 'transparent', px: 0, flexWrap: 'wrap', gap: 2 }}>
            <SaveButton />
            {progress !== null ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 200px', maxWidth: 420 }}>
                <LinearProgress variant="determinate" value={progress} sx={{ flex: 1 }} aria-label={translate('resources.promotional.uploading')} />
                <Typography variant="body2" sx={{ minWidth: 40 }}>{`${progress}%`}</Typography>
              </Box>
            ) : null}
          </Toolbar>
        ) : false
      }
    >
      {children}
    </ConsoleForm>
  );
};

const image = (source: string, label: string, requiredIfEmpty = true) => (
  <MediaInput source={source} label={label} kinds={['image']} formatMessage={MESSAGES.imageFormat} requiredMessage={requiredIfEmpty ? MESSAGES.file : undefined} />
);

type FormProps = { record: SectionValues | null; canSave: boolean };

export const LogoForm = ({ record, canSave }: FormProps) => (
  <SectionForm section="logo" record={record} canSave={canSave} textFields={[]} fileFields={['file']}>
    {image('file', 'resources.promotional.fields.logo')}
  </SectionForm>
);

const grid = { display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } } as const;

export const BannerForm = ({ record, canSave }: FormProps) => (
  <SectionForm section="banner" record={record} canSave={canSave} textFields={['desc']} fileFields={['background_image', 'center_image', 'person_image']}>
    <TextInput source="desc" label="resources.promotional.fields.desc" validate={validators.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: 2000 } }} />
    <Box sx={grid}>
      {image('background_image', 'resources.promotional.fields.background_image')}
      {image('center_image', 'resources.promotional.fields.center_image')}
      {image('person_image', 'resources.promotional.fields.person_image')}
    </Box>
  </SectionForm>
);

const BOXES = [1, 2, 3, 4] as const;
const ABOUT_TEXT = ['title', 'heading', 'desc', ...BOXES.flatMap((n) => [`box_${n}_title`, `box_${n}_desc`, `box_analytic_${n}_value`, `box_analytic_${n}_key`])];
const ABOUT_FILES = BOXES.map((n) => `box_${n}_file`);

const Heading = ({ children }: { children: ReactNode }) => (
  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
    {children}
  </Typography>
);

export const AboutForm = ({ record, canSave }: FormProps) => {
  const translate = useTranslate();
  return (
    <SectionForm section="about" record={record} canSave={canSave} textFields={ABOUT_TEXT} fileFields={ABOUT_FILES}>
      <Box sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextInput source="title" label="resources.promotional.fields.about_title" validate={validators.title} slotProps={{ htmlInput: { maxLength: 191 } }} />
        <TextInput source="heading" label="resources.promotional.fields.heading" validate={validators.heading} slotProps={{ htmlInput: { maxLength: 191 } }} />
      </Box>
      <TextInput source="desc" label="resources.promotional.fields.desc" validate={validators.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: 2000 } }} />
      <Heading>{translate('resources.promotional.about.boxes')}</Heading>
      <Box sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {BOXES.map((n) => (
          <Box key={n} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
              {translate('resources.promotional.about.box', { n })}
            </Typography>
            <TextInput source={`box_${n}_title`} label={translate('resources.promotional.about.box_title', { n })} validate={validators.title} fullWidth slotProps={{ htmlInput: { maxLength: 191 } }} />
            <TextInput source={`box_${n}_desc`} label={translate('resources.promotional.about.box_desc', { n })} validate={validators.description} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: 1000 } }} />
            {image(`box_${n}_file`, translate('resources.promotional.about.box_image', { n }))}
          </Box>
        ))}
      </Box>
      <Heading>{translate('resources.promotional.about.analytics')}</Heading>
      <Box sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        {BOXES.map((n) => (
          <Box key={n} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
              {translate('resources.promotional.about.analytic', { n })}
            </Typography>
            <TextInput source={`box_analytic_${n}_value`} label={translate('resources.promotional.about.value', { n })} validate={validators.value} fullWidth slotProps={{ htmlInput: { maxLength: 50 } }} />
            <TextInput source={`box_analytic_${n}_key`} label={translate('resources.promotional.about.key', { n })} validate={validators.key} fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
          </Box>
        ))}
      </Box>
    </SectionForm>
  );
};

export const HowItWorksForm = ({ record, canSave }: FormProps) => (
  <SectionForm section="how_it_works" record={record} canSave={canSave} textFields={['title', 'desc']} fileFields={['video']} withProgress>
    <TextInput source="title" label="resources.promotional.fields.title" validate={validators.title} fullWidth slotProps={{ htmlInput: { maxLength: 191 } }} />
    <TextInput source="desc" label="resources.promotional.fields.desc" validate={validators.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: 2000 } }} />
    <MediaInput source="video" label="resources.promotional.fields.video" kinds={['video']} formatMessage={MESSAGES.videoFormat} requiredMessage={MESSAGES.file} />
  </SectionForm>
);
