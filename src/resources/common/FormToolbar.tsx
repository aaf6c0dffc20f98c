import { Link } from 'react-router';
import { Button, SaveButton, Toolbar, useCreatePath, useResourceContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';

export interface FormToolbarProps {
  /** Add forms have Cancel, which resets the form (spec 2 "Location master data"). */
  cancel?: boolean;
  /** Where Back goes; the resource's list by default. */
  backTo?: string;
  /** Hide Back (one's own password page). */
  back?: boolean;
}

/** Back, Submit and (on add) Cancel. */
export const FormToolbar = ({ cancel = false, backTo, back = true }: FormToolbarProps) => {
  const { reset } = useFormContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const listPath = backTo ?? (resource ? createPath({ resource, type: 'list' }) : '/dashboard');
  return (
    <Toolbar sx={{ gap: 1 }}>
      {back ? <Button component={Link} to={listPath} label="app.action.back" variant="outlined" size="medium" /> : null}
      <SaveButton label="app.action.submit" icon={<></>} alwaysEnable />
      {cancel ? <Button label="app.action.cancel" onClick={() => reset()} size="medium" color="inherit" /> : null}
    </Toolbar>
  );
};
