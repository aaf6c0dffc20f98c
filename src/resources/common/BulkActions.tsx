import { useState } from 'react';
import Box from '@mui/material/Box';
import DeleteIcon from '@mui/icons-material/Delete';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, useCanAccess, useDataProvider, useListContext, useNotify, useRefresh, useResourceContext, useTranslate, useUnselectAll } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ConfirmDialog } from './ConfirmButton';
import { ExportButtons } from './ListTools';

type BulkAction = 'delete' | 'block' | 'unblock';

/**
 * The buttons over a list's selected rows: delete, block and unblock (people's lists), each asked first
 * with the number of rows it will change,
 * and the selected rows as CSV or XLSX. The server does each record on its own, with the permission of
 * the action and the admin's districts; what it refused is said with the reason of each.
 */
export const BulkActions = ({ status = false, exportable = false }: { status?: boolean; exportable?: boolean }) => {
  const resource = useResourceContext();
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const unselectAll = useUnselectAll(resource ?? '');
  const { canAccess: canDelete } = useCanAccess({ resource: resource ?? '', action: 'delete' });
  const { canAccess: canEdit } = useCanAccess({ resource: resource ?? '', action: 'edit' });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  if (!resource) return null;
  const run = async (action: BulkAction) => {
    setBusy(true);
    try {
      const { data } = await dataProvider.bulkAction(resource, { action, ids: selectedIds });
      const reasons = data.refused.map((r) => translate(r.message, { _: r.message })).filter((m, i, all) => all.indexOf(m) === i);
      if (data.refused.length) {
        notify('app.bulk.partly', { type: 'warning', messageArgs: { done: data.done.length, refused: data.refused.length, reasons: reasons.join(' ') }, autoHideDuration: 10_000 });
      } else notify('app.bulk.done', { type: 'info', messageArgs: { done: data.done.length } });
      unselectAll();
      refresh();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {exportable ? <ExportButtons selected /> : null}
      {status && canEdit ? (
        <>
          <Button label="app.action.block" color="warning" onClick={() => setAsking('block')} disabled={busy}>
            <BlockIcon />
          </Button>
          <Button label="app.action.unblock" color="success" onClick={() => setAsking('unblock')} disabled={busy}>
            <CheckCircleIcon />
          </Button>
        </>
      ) : null}
      {canDelete ? (
        <Button label="app.action.delete" color="error" onClick={() => setAsking('delete')} disabled={busy}>
          <DeleteIcon />
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        loading={busy}
        title={translate(`app.bulk.confirm_${asking ?? 'delete'}`, { smart_count: selectedIds.length })}
        content={translate(`app.message.confirm_${asking ?? 'delete'}`)}
        confirm={asking === 'delete' ? 'ra.action.delete' : `app.action.${asking ?? 'block'}`}
        destructive={asking !== 'unblock'}
        onConfirm={() => asking && void run(asking)}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
};
