import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import { USER_STATUS } from '../../../contract/enums';

/** Active (1) or Blocked (2), spec 1 section 4. */
export const StatusChip = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const blocked = record.status === USER_STATUS.blocked;
  return (
    <Chip
      size="small"
      color={blocked ? 'error' : 'success'}
      variant="outlined"
      label={translate(blocked ? 'app.status.blocked' : 'app.status.active')}
    />
  );
};
