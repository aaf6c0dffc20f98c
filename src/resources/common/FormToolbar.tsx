import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Link } from 'react-router';
import { Button, SaveButton, Toolbar, useCreatePath, useResourceContext, type RaRecord } from 'react-admin';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';

export interface FormToolbarProps {
  /** Add forms have Cancel, which resets the form (spec 2 "Location master data"). */
  cancel?: boolean;
  /** Where Back goes; the resource's list by default. */
  backTo?: string;
  /** Hide Back (one's own password page). */
  back?: boolean;
  /** "Save and add another" (records entered in batches): saves, then what onSuccess does instead of opening the record */
  addAnother?: { onSuccess: (record: RaRecord) => void };
}

/** A field whose file is still going up holds `{ uploading: true }` (ChunkedUploadInput). */
const isUploading = (value: unknown) => typeof value === 'object' && value !== null && !(value instanceof Blob) && 'uploading' in value;

/** Back, Submit and (on add) Cancel. Submit waits while a file is still going up (it is enabled at 100 %). */
export const FormToolbar = ({ cancel = false, backTo, back = true, addAnother }: FormToolbarProps) => {
  const { reset, watch } = useFormContext();
  // a subscription rather than useWatch: the toolbar renders again only when this flag changes, not on every keystroke
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    const subscription = watch((values) => setUploading(Object.values(values).some(isUploading)));
    return () => subscription.unsubscribe();
  }, [watch]);
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const listPath = backTo ?? (resource ? createPath({ resource, type: 'list' }) : '/dashboard');
  return (
    // on the page's own background, with a rule above: the Back button's primary text keeps 4.5:1 (WCAG AA)
    <Toolbar sx={{ gap: 1, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
      {/* react-admin's Button shows only its icon on a phone: each has one */}
      {back ? (
        <Button component={Link} to={listPath} label="app.action.back" variant="outlined" size="medium">
          <ArrowBackIcon sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
        </Button>
      ) : null}
      <SaveButton label="app.action.submit" icon={<></>} alwaysEnable={!uploading} disabled={uploading} />
      {addAnother ? (
        <SaveButton
          label="app.action.save_and_add"
          icon={<></>}
          variant="outlined"
          type="button"
          alwaysEnable={!uploading}
          disabled={uploading}
          mutationOptions={{ onSuccess: addAnother.onSuccess }}
        />
      ) : null}
      {cancel ? (
        <Button label="app.action.cancel" onClick={() => reset()} size="medium" color="inherit">
          <RestartAltIcon />
        </Button>
      ) : null}
    </Toolbar>
  );
};
