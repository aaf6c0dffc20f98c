import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Button, useInput, useNotify, useTranslate } from 'react-admin';
import { IMAGE_TYPES } from '../../../contract/enums';
import { isFileValue } from '../common/MediaInput';

const EXTENSIONS = /\.(jpe?g|png)$/i;

const isAcceptedImage = (file: File): boolean =>
  (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && EXTENSIONS.test(file.name));

/** A profile photo: the stored { src, title } or a newly chosen File, with a preview; JPG/JPEG/PNG only. */
export const PhotoInput = ({ source }: { source: string }) => {
  const { field } = useInput({ source });
  const notify = useNotify();
  const translate = useTranslate();
  const fileInput = useRef<HTMLInputElement>(null);
  const value: unknown = field.value;

  const objectUrl = useMemo(() => (value instanceof File ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  const preview = objectUrl ?? (isFileValue(value) ? value.src : undefined);
  const label = translate(`resources.admins.fields.${source}`);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      notify('app.message.file_format', { type: 'error', autoHideDuration: 5000 });
      return;
    }
    field.onChange(file);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
      <Avatar src={preview} alt={label} sx={{ width: 72, height: 72 }} />
      <input
        ref={fileInput}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        hidden
        aria-label={label}
        onChange={choose}
      />
      <Button label="app.action.upload_photo" variant="outlined" onClick={() => fileInput.current?.click()}>
        <PhotoCameraIcon />
      </Button>
    </Box>
  );
};
