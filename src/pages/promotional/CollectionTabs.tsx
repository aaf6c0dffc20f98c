import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import { required, SaveButton, TextInput, Toolbar, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { ConsoleForm } from '../../resources/common/ConsoleForm';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ConfirmDialog } from '../../resources/common/ConfirmButton';
import { isFileValue, MediaInput, MediaPreview } from '../../resources/common/MediaInput';
import { formatDate } from '../../i18n/dates';
import { PROMOTIONAL_QUERY_KEY, type Slider, type Testimonial } from './api';
import type { PromotionalRights } from './types';
import { MESSAGES, useSaveFailure } from './SectionForms';

const validators = { name: required(MESSAGES.name), text: required(MESSAGES.text) };

/** After a change: the combined read again (the list and the site preview follow). */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PROMOTIONAL_QUERY_KEY });
};

/** A table of the collection with a delete per row, confirmed ('Are you sure you want to delete?'); 'Data not found' when empty. */
function CollectionTable<T extends { id: string }>({
  rows,
  columns,
  label,
  rowLabel,
  canDelete,
  onDelete,
}: {
  rows: T[];
  columns: { header: string; cell: (row: T) => ReactNode }[];
  label: string;
  rowLabel: (row: T) => string;
  canDelete: boolean;
  onDelete: (row: T) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const failed = useSaveFailure();
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await onDelete(pending);
      notify('app.notification.deleted', { type: 'success', autoHideDuration: 5000 });
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <>
      <TableContainer sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header}>{c.header}</TableCell>
              ))}
              {canDelete ? <TableCell align="right">{translate('resources.promotional.actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + (canDelete ? 1 : 0)} align="center">
                  {translate('app.message.no_data')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id}>
                  {columns.map((c) => (
                    <TableCell key={c.header} sx={{ verticalAlign: 'top', overflowWrap: 'break-word', wordBreak: 'normal' }}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                  {canDelete ? (
                    <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                      <Tooltip title={translate('ra.action.delete')}>
                        <IconButton
                          color="error"
                          aria-label={translate('resources.promotional.delete_label', { name: rowLabel(row) })}
                          onClick={() => setPending(row)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={pending !== null}
        loading={busy}
        title={translate('app.confirm.delete_title', { name: pending ? rowLabel(pending) : '' })}
        content={translate('app.message.confirm_delete')}
        confirm="ra.action.delete"
        destructive
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}

const addToolbar = (
  <Toolbar sx={{ bgcolor: 'transparent', px: 0 }}>
    <SaveButton label="resources.promotional.add" alwaysEnable />
  </Toolbar>
);

/** Sliders: an upload form (JPG or PNG) and the table of slider images. */
export const SliderTab = ({ sliders, rights }: { sliders: Slider[]; rights: PromotionalRights }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failed = useSaveFailure();
  const [version, setVersion] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    if (!(values.file instanceof File)) return { file: MESSAGES.file };
    try {
      await dataProvider.addPromotionalItem('slider', { file: values.file });
      await refresh();
      setVersion((v) => v + 1);
      notify('app.notification.added', { type: 'success', autoHideDuration: 5000 });
      return undefined;
    } catch (failure) {
      return failed(failure);
    }
  };

  return (
    <Box>
      {rights.create ? (
        <ConsoleForm key={version} onSubmit={submit} sx={{ p: 0 }} toolbar={addToolbar}>
          <MediaInput source="file" label="resources.promotional.fields.slider" kinds={['image']} formatMessage={MESSAGES.imageFormat} requiredMessage={MESSAGES.file} />
        </ConsoleForm>
      ) : null}
      <CollectionTable
        rows={sliders}
        label={translate('resources.promotional.tabs.sliders')}
        rowLabel={(row) => translate('resources.promotional.slider_of', { date: formatDate(row.created_at, locale) })}
        canDelete={rights.remove}
        onDelete={async (row) => {
          await dataProvider.deletePromotionalItem('slider', row.id);
          await refresh();
        }}
        columns={[
          {
            header: translate('resources.promotional.columns.image'),
            cell: (row) => (isFileValue(row.file) ? <MediaPreview file={row.file} label={translate('resources.promotional.slider_of', { date: formatDate(row.created_at, locale) })} size={96} /> : null),
          },
          { header: translate('resources.promotional.columns.added'), cell: (row) => formatDate(row.created_at, locale) },
        ]}
      />
    </Box>
  );
};

/** Testimonials: a form (name and text) and the table of testimonials. */
export const TestimonialTab = ({ testimonials, rights }: { testimonials: Testimonial[]; rights: PromotionalRights }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failed = useSaveFailure();
  const [version, setVersion] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.addPromotionalItem('testimonial', { name: String(values.name ?? '').trim(), text: String(values.text ?? '').trim() });
      await refresh();
      setVersion((v) => v + 1);
      notify('app.notification.added', { type: 'success', autoHideDuration: 5000 });
      return undefined;
    } catch (failure) {
      return failed(failure);
    }
  };

  return (
    <Box>
      {rights.create ? (
        <ConsoleForm key={version} onSubmit={submit} sx={{ p: 0, maxWidth: 720 }} toolbar={addToolbar}>
          <TextInput source="name" label="resources.promotional.fields.name" validate={validators.name} fullWidth slotProps={{ htmlInput: { maxLength: 191 } }} />
          <TextInput source="text" label="resources.promotional.fields.text" validate={validators.text} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: 2000 } }} />
        </ConsoleForm>
      ) : null}
      <CollectionTable
        rows={testimonials}
        label={translate('resources.promotional.tabs.testimonials')}
        rowLabel={(row) => row.name}
        canDelete={rights.remove}
        onDelete={async (row) => {
          await dataProvider.deletePromotionalItem('testimonial', row.id);
          await refresh();
        }}
        columns={[
          { header: translate('resources.promotional.fields.name'), cell: (row) => row.name },
          { header: translate('resources.promotional.fields.text'), cell: (row) => row.text },
        ]}
      />
    </Box>
  );
};
