import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Button, InputHelperText, useDataProvider, useInput, useNotify, useTranslate, useTranslateLabel, type Validator } from 'react-admin';
import type { AppDataProvider, UploadRetry } from '../../providers/dataProvider';
import { requiredRule } from './inputs';
import { acceptOf, isFileValue, kindOfFile, MediaPreview, type MediaKind } from './MediaInput';

/** While a file goes up, the field holds this, which the form refuses to submit. */
const UPLOADING = { uploading: true } as const;
const isUploading = (value: unknown) => typeof value === 'object' && value !== null && 'uploading' in value;

export interface ChunkedUploadInputProps {
  source: string;
  kinds: readonly MediaKind[];
  /** the upload's storage folder (server: UPLOAD_FOLDERS) */
  folder: string;
  formatMessage: string;
  requiredMessage?: string;
  /** chunk size, MB (5 for health literacy content, spec 1 section 7) */
  chunkSizeMb?: number;
  label?: string;
}

/**
 * A large file (video, PDF) sent in chunks as soon as it is chosen, with a progress bar and its
 * percentage; the form can be submitted once it reached 100 %, and then sends the uploaded file's link (`src`). A
 * dropped connection is retried (the bar keeps its percentage and says so); choosing the same file
 * again after a failure or a page reload resumes from the chunks the server holds.
 */
export const ChunkedUploadInput = ({ source, kinds, folder, formatMessage, requiredMessage, chunkSizeMb = 5, label }: ChunkedUploadInputProps) => {
  const validate: Validator[] = useMemo(
    () => [
      (value: unknown) => (isUploading(value) ? 'app.upload.in_progress' : undefined),
      ...(requiredMessage ? [requiredRule((value: unknown) => (value == null || value === '' ? requiredMessage : undefined))] : []),
    ],
    [requiredMessage],
  );
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [retry, setRetry] = useState<UploadRetry | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const text = String(translateLabel({ label, source }));
  const value: unknown = field.value;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!kindOfFile(file, kinds)) {
      notify(formatMessage, { type: 'error', autoHideDuration: 5000 });
      return;
    }
    setChosen(file);
    setProgress(0);
    setRetry(null);
    field.onChange(UPLOADING);
    try {
      const uploaded = await dataProvider.uploadChunked(file, { folder, chunkSizeMb, onProgress: setProgress, onRetry: setRetry });
      setRetry(null);
      setProgress(100);
      // the file field takes the uploaded file by its link (the provider sends it as the server expects)
      field.onChange(uploaded.src);
    } catch (error) {
      setRetry(null);
      setProgress(null);
      setChosen(null);
      field.onChange(null);
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error', autoHideDuration: 10000 });
    }
  };

  return (
    <Box sx={{ my: 1, maxWidth: 480 }}>
      <Typography component="label" htmlFor={id} variant="body2" color={fieldState.error ? 'error' : 'text.secondary'}>
        {text}
        {isRequired ? ' *' : ''}
      </Typography>
      {chosen ? <MediaPreview file={chosen} label={text} /> : isFileValue(value) ? <MediaPreview file={value} label={text} /> : null}
      {progress !== null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
          <LinearProgress variant="determinate" value={progress} sx={{ flex: 1 }} aria-label={translate('app.upload.progress', { name: chosen?.name ?? text })} />
          <Typography variant="body2" sx={{ minWidth: 40 }}>{`${progress}%`}</Typography>
        </Box>
      ) : null}
      {retry && progress !== null ? (
        <Typography variant="body2" color="warning.main" role="status" aria-live="polite" data-testid="upload-retrying">
          {retry.offline ? translate('app.upload.offline') : translate('app.upload.retrying', { attempt: retry.attempt, attempts: retry.attempts })}
        </Typography>
      ) : null}
      <input ref={picker} id={id} type="file" accept={acceptOf(kinds)} hidden onChange={(e) => void choose(e)} />
      <Button label="app.action.choose_file" variant="outlined" onClick={() => picker.current?.click()} disabled={isUploading(value)}>
        <CloudUploadIcon />
      </Button>
      {fieldState.error?.message ? (
        // react-admin's own reader of validation messages (a validator's key arrives serialised, a server's message as is)
        <FormHelperText error>
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      ) : null}
    </Box>
  );
};
