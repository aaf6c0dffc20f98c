import { useId, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Button, useCanAccess, useDataProvider, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * A form's survey data (spec 3: "Survey data of a form can be exported from the list"): a menu of CSV
 * and Excel; the chosen file downloads through the short-lived signed link the server answers.
 */
export const SubmissionsExportButton = ({ variant }: { variant?: 'text' | 'outlined' }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? 'dynamic-forms';
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource, action: 'export', record });
  if (!record || !canAccess) return null;
  const run = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    setBusy(true);
    try {
      await dataProvider.exportRecord(resource, { id: record.id, format });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label="resources.dynamic-forms.action.export"
        variant={variant}
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <DownloadIcon />
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void run('csv')}>{translate('app.action.export_csv')}</MenuItem>
        <MenuItem onClick={() => void run('xlsx')}>{translate('app.action.export_xlsx')}</MenuItem>
      </Menu>
    </>
  );
};
