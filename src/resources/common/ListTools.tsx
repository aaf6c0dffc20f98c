import { createContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import FilterListIcon from '@mui/icons-material/FilterList';
import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import LinearProgress from '@mui/material/LinearProgress';
import { Button, useDataProvider, useListContext, useLocaleState, useNotify, useResourceContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { exportLabelKeys } from './exportLabels';

/** Side by side on a wide screen, each the whole width on a phone. */
const DATE_WIDTH = { width: { xs: '100%', sm: 190 } } as const;

/**
 * The list filters chosen but not applied yet, when a list's filters apply together with its dates by
 * the Filter button (spec 2, CHWs: "start date, end date, district. A Filter button applies them").
 */
export interface StagedFilters {
  values: Record<string, unknown>;
  /** chooses a filter's value ('' for all), clearing the filters that hang on it */
  stage(source: string, value: unknown, clears: readonly string[]): void;
}
export const StagedFiltersContext = createContext<StagedFilters | null>(null);

const withoutDates = (values: Record<string, unknown>) => {
  const { start_date: _s, end_date: _e, isFiltered: _f, ...rest } = values;
  return rest;
};

/**
 * Start and end date with a Filter button (spec 2: patients, CHWs; spec 3: survey forms): the dates
 * apply when Filter is pressed, both days included; the server checks them again. The filters given as
 * children (the CHWs' district) are chosen here too and apply with the dates, by the same button.
 */
export const DateRangeFilter = ({ children }: { children?: ReactNode }) => {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const [staged, setStaged] = useState<Record<string, unknown>>(() => withoutDates(filterValues as Record<string, unknown>));
  // a saved filter restored, or the list's filters cleared, shows its choices here too
  const appliedKey = JSON.stringify(withoutDates(filterValues as Record<string, unknown>));
  useEffect(() => setStaged(JSON.parse(appliedKey) as Record<string, unknown>), [appliedKey]);
  const stagedFilters = useMemo<StagedFilters>(
    () => ({
      values: staged,
      stage: (source, value, clears) =>
        setStaged((current) => {
          const rest = Object.fromEntries(Object.entries(current).filter(([key]) => key !== source && !clears.includes(key)));
          return value === '' ? rest : { ...rest, [source]: value };
        }),
    }),
    [staged],
  );
  const [start, setStart] = useState<string>(typeof filterValues.start_date === 'string' ? filterValues.start_date : '');
  const [end, setEnd] = useState<string>(typeof filterValues.end_date === 'string' ? filterValues.end_date : '');
  // a saved filter restored, or the list's filters cleared, shows its dates here too
  const appliedStart = typeof filterValues.start_date === 'string' ? filterValues.start_date : '';
  const appliedEnd = typeof filterValues.end_date === 'string' ? filterValues.end_date : '';
  useEffect(() => setStart(appliedStart), [appliedStart]);
  useEffect(() => setEnd(appliedEnd), [appliedEnd]);
  const invalid = start !== '' && end !== '' && end < start;
  const apply = () => {
    const rest = children ? staged : withoutDates(filterValues as Record<string, unknown>);
    setFilters({ ...rest, ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}), ...(start || end ? { isFiltered: true } : {}) }, {});
  };
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); if (!invalid) apply(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      {children ? <StagedFiltersContext value={stagedFilters}>{children}</StagedFiltersContext> : null}
      <TextField type="date" size="small" label={translate('app.filter.start_date')} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={DATE_WIDTH} />
      <TextField
        type="date"
        size="small"
        label={translate('app.filter.end_date')}
        value={end}
        onChange={(e) => setEnd(e.target.value)}
        error={invalid}
        helperText={invalid ? translate('app.filter.end_before_start') : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: start || undefined } }}
        sx={DATE_WIDTH}
      />
      <Button type="submit" label="app.action.filter" variant="contained" disabled={invalid}>
        <FilterListIcon />
      </Button>
    </Box>
  );
};

/**
 * The reader's language, time zone and labels for an export: the file's headers are the list's field
 * labels, its status words and dates the reader's. Gathered when an export starts: each label is probed
 * then, not on every render of the list.
 */
const useExportReader = (resource: string | undefined) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return () => {
    const labels: Record<string, string> = {};
    for (const [column, field] of resource ? exportLabelKeys(resource) : []) {
      const path = `resources.${resource}.fields.${field}`;
      const text = translate(path, { _: '' });
      if (text && text !== path) labels[column] = text;
    }
    labels.id = translate('app.export.id');
    labels.created_at ||= translate('app.export.created_at');
    labels.updated_at ||= translate('app.export.updated_at');
    labels['status.1'] = translate('app.status.active');
    labels['status.2'] = translate('app.status.blocked');
    return { lang: locale, tz: Intl.DateTimeFormat().resolvedOptions().timeZone, labels };
  };
};

/**
 * CSV and XLSX of the list as it is filtered and sorted (or of its selected rows), through a
 * short-lived signed link the browser opens; a progress bar while the file is being prepared.
 */
export const ExportButtons = ({ selected = false }: { selected?: boolean }) => {
  const resource = useResourceContext();
  const { filterValues, sort, selectedIds } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const readerOf = useExportReader(resource);
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!resource) return null;
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const filter = selected ? { ...filterValues, ids: selectedIds } : filterValues;
      await dataProvider.exportList(resource, { filter, sort, format, reader: readerOf() });
      // the browser fetches the file from here; the bar stays a moment while it starts
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    // MUI's own buttons: react-admin's show only their icon on a phone, and both icons are the same
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', position: 'relative' }}>
      <MuiButton size="small" startIcon={<DownloadIcon />} onClick={() => void run('csv')} disabled={busy}>
        {translate(selected ? 'app.export.selected_csv' : 'app.action.export_csv')}
      </MuiButton>
      <MuiButton size="small" startIcon={<GridOnIcon />} onClick={() => void run('xlsx')} disabled={busy}>
        {translate(selected ? 'app.export.selected_xlsx' : 'app.action.export_xlsx')}
      </MuiButton>
      {busy ? <LinearProgress aria-label={translate('app.export.preparing')} sx={{ position: 'absolute', left: 0, right: 0, bottom: -4 }} /> : null}
    </Box>
  );
};
