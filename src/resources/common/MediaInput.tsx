import { useEffect, useId, useMemo, useRef, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, InputHelperText, useInput, useNotify, useTranslate, useTranslateLabel, type Validator } from 'react-admin';
import type { FileValue } from '../../providers/files';
import { requiredRule } from './inputs';

/** What a file field takes; the server checks the content again (magic bytes), this only spares a round trip. */
export type MediaKind = 'image' | 'audio' | 'video' | 'pdf';

const ACCEPTED: Record<MediaKind, { types: string[]; extensions: string[] }> = {
  image: { types: ['image/jpeg', 'image/png'], extensions: ['jpg', 'jpeg', 'png'] },
  audio: { types: ['audio/mpeg', 'audio/mp3'], extensions: ['mp3'] },
  video: { types: ['video/mp4'], extensions: ['mp4'] },
  pdf: { types: ['application/pdf'], extensions: ['pdf'] },
};

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The kind of a chosen file, by the type the browser gives it (or its name when it gives none); null when none of `kinds`. */
export const kindOfFile = (file: { type: string; name: string }, kinds: readonly MediaKind[]): MediaKind | null =>
  kinds.find((kind) => (file.type ? ACCEPTED[kind].types.includes(file.type) : ACCEPTED[kind].extensions.includes(extensionOf(file.name)))) ?? null;

/** The `accept` attribute of the file picker. */
export const acceptOf = (kinds: readonly MediaKind[]) =>
  kinds.flatMap((kind) => [...ACCEPTED[kind].extensions.map((e) => `.${e}`), ...ACCEPTED[kind].types]).join(',');

export type { FileValue };

/** A stored file as the data provider gives it: react-admin's `{ src, title }` (without a newly chosen `rawFile`). */
export const isFileValue = (value: unknown): value is FileValue =>
  typeof value === 'object' && value !== null && 'src' in value && typeof value.src === 'string' && !('rawFile' in value && value.rawFile instanceof Blob);

const ALL_KINDS: readonly MediaKind[] = ['image', 'audio', 'video', 'pdf'];

/** What a stored file is: by its MIME type when the provider gives one, else by its title's (or its link's) extension; `file` when none of the kinds. */
export const kindOfStored = (file: FileValue): MediaKind | 'file' =>
  kindOfFile({ type: file.type ?? '', name: typeof file.title === 'string' ? file.title : file.src.split(/[?#]/)[0]! }, ALL_KINDS) ?? 'file';

/** A stored file or a newly chosen one, shown as what it is: an image, a player, or a link to the PDF. */
export const MediaPreview = ({ file, label, size = 160 }: { file: FileValue | File; label: string; size?: number }) => {
  const objectUrl = useMemo(() => (file instanceof File ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  const src = objectUrl ?? (file instanceof File ? '' : file.src);
  const kind: MediaKind | 'file' = file instanceof File ? (kindOfFile(file, ALL_KINDS) ?? 'file') : kindOfStored(file);
  if (kind === 'image') return <Box component="img" src={src} alt={label} sx={{ maxWidth: size, maxHeight: size, borderRadius: 1, display: 'block' }} />;
  if (kind === 'audio') return <Box component="audio" controls src={src} aria-label={label} sx={{ maxWidth: '100%' }} />;
  if (kind === 'video') return <Box component="video" controls src={src} aria-label={label} sx={{ maxWidth: size * 2, maxHeight: size, display: 'block' }} />;
  return (
    <Link href={src} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <PictureAsPdfIcon fontSize="small" />
      {file instanceof File ? file.name : label}
    </Link>
  );
};

export interface MediaInputProps {
  source: string;
  kinds: readonly MediaKind[];
  /** the spec's text when a file is none of the kinds (an i18n key), shown as a toast for 5 seconds */
  formatMessage: string;
  /** required: the message when no file is chosen (an i18n key) */
  requiredMessage?: string;
  /** several files (a list) */
  multiple?: boolean;
  label?: string;
}

type Value = FileValue | File;

/**
 * A file field with a preview: the stored file(s) as the data provider gives them ({ src, title }), or the newly chosen
 * ones. A file of another kind is refused at once with the spec's toast; the server checks the
 * content again. On submit, a new file travels as multipart form data and an unchanged one is not sent.
 */
export const MediaInput = ({ source, kinds, formatMessage, requiredMessage, multiple = false, label }: MediaInputProps) => {
  const validate: Validator | undefined = useMemo(
    () => (requiredMessage ? requiredRule((value: unknown) => (value == null || (Array.isArray(value) && value.length === 0) ? requiredMessage : undefined)) : undefined),
    [requiredMessage],
  );
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const notify = useNotify();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  const text = String(translateLabel({ label, source }));
  const value: unknown = field.value;
  const files: Value[] = (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]).filter(
    (v): v is Value => v instanceof File || isFileValue(v),
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!chosen.length) return;
    if (chosen.some((file) => kindOfFile(file, kinds) === null)) {
      notify(formatMessage, { type: 'error', autoHideDuration: 5000 });
      return;
    }
    field.onChange(multiple ? [...files, ...chosen] : chosen[0]);
  };
  const remove = (index: number) => {
    const rest = files.filter((_, i) => i !== index);
    field.onChange(multiple ? rest : null);
  };

  return (
    <Box sx={{ my: 1 }}>
      <Typography component="label" htmlFor={id} variant="body2" color={fieldState.error ? 'error' : 'text.secondary'}>
        {text}
        {isRequired ? ' *' : ''}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', my: 1 }}>
        {files.map((file, index) => (
          <Box key={file instanceof File ? `${file.name}-${index}` : file.src} sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <MediaPreview file={file} label={text} />
            <IconButton
              size="small"
              aria-label={translate('app.action.remove_file', { name: file instanceof File ? file.name : text })}
              onClick={() => remove(index)}
              sx={{ position: 'absolute', top: 0, insetInlineEnd: 0 }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <input ref={picker} id={id} type="file" accept={acceptOf(kinds)} multiple={multiple} hidden onChange={choose} aria-required={isRequired} aria-invalid={fieldState.invalid} />
      <Button label={files.length && !multiple ? 'app.action.replace_file' : 'app.action.choose_file'} variant="outlined" onClick={() => picker.current?.click()}>
        <AttachFileIcon />
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
