import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CreateButton,
  useResourceDefinition,
  DataTable,
  List,
  SearchInput,
  SimpleList,
  TopToolbar,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { DateRangeFilter, ExportButtons } from './ListTools';
import { BulkActions } from './BulkActions';
import { useListDeclaration, type ListDeclaration } from './listDeclaration';
import { RowActions } from './RowActions';
import { ISO_DATE, LocalDate } from './DateCell';
import { useResourceChanges } from '../../providers/useResourceChanges';

// The add button (and Export where the module offers it): the default actions also offer filter and
// saved-query menus the console has no use for.
const ListActions = ({ exportable }: { exportable: boolean }) => {
  // read-only lists (appointment requests) and those added elsewhere (appointments, rosters) have no Add
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      {exportable ? <ExportButtons /> : null}
      {hasCreate ? <CreateButton /> : null}
    </TopToolbar>
  );
};

/** 'Data not found' in place of an empty table (spec 1 section 2.4). */
export const NoData = () => {
  const translate = useTranslate();
  return (
    <Typography align="center" color="text.secondary" sx={{ p: 3 }}>
      {translate('app.message.no_data')}
    </Typography>
  );
};

/** A field of the record, dotted for a related record's (`district.title`). */
const valueAt = (record: RaRecord, source: string): unknown =>
  source
    .split('.')
    .reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), record);

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The declaration's representation or second line as SimpleList takes it: a function of the record. */
function lineOf(line: ListDeclaration['secondaryText']): ((record: RaRecord) => ReactNode) | undefined {
  if (typeof line === 'function') return line;
  if (typeof line === 'string')
    return (record) => {
      const value = valueAt(record, line);
      // a date reads in the reader's locale, never as the server's ISO text
      return typeof value === 'string' && ISO_DATE.test(value) ? <LocalDate value={value} /> : asText(value);
    };
  return undefined;
}

/**
 * A phone's list: one line per record, its representation (the module's, else react-admin's), the
 * module's second line, and the row actions at the end (react-admin's buttons shrink to icons there).
 */
const PhoneList = ({ rowActions }: { rowActions: ReactNode }) => {
  const { recordRepresentation, secondaryText } = useListDeclaration();
  return (
    <SimpleList
      primaryText={lineOf(recordRepresentation)}
      secondaryText={lineOf(secondaryText)}
      rightIcon={() => rowActions}
      rowClick={false}
      empty={<NoData />}
    />
  );
};

export interface ResourceListProps {
  /** The data columns (DataTable.Col elements). */
  children: ReactNode;
  /** Buttons of the last column; edit and delete by default. */
  rowActions?: ReactNode;
  sort?: SortPayload;
  /** start and end date filters with a Filter button (the server's dateRange) */
  dateRange?: boolean;
  /** Export buttons: the filtered list as CSV or XLSX */
  exportable?: boolean;
  /** filters of the module's own beside the date range (the CHWs' district) */
  filterBar?: ReactNode;
  /** block and unblock among the selected rows' actions (people's lists) */
  bulkStatus?: boolean;
}

/**
 * react-admin's row checkbox (DataTable's SelectRowCheckbox) puts its aria-label on MUI's wrapper span
 * instead of the input (its select-all box does it right), so a screen reader meets an unnamed box on
 * every row: the label is moved onto the input, and again whenever React writes it (a language change).
 */
const useRowCheckboxLabels = () => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const fix = () =>
      root.querySelectorAll<HTMLElement>('.select-item[aria-label]').forEach((box) => {
        box.querySelector('input')?.setAttribute('aria-label', box.getAttribute('aria-label') ?? '');
        box.removeAttribute('aria-label');
      });
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
  return ref;
};

/** Every list of the console: a search box, a table with row actions, 'Data not found' when empty, paging. */
export const ResourceList = ({ children, rowActions = <RowActions />, sort, dateRange = false, exportable = false, filterBar, bulkStatus = false }: ResourceListProps) => {
  const translate = useTranslate();
  // Under `sm` a table cuts its columns off; noSsr: the first render already knows (no table flashing by).
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const tableRef = useRowCheckboxLabels();
  useResourceChanges(); // another admin's write to this resource refetches the list (real time)
  // react-admin reads source and alwaysOn from the filter elements themselves, so no wrapper component here.
  const filters = useMemo(
    () => [<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.message.search')} />],
    [translate],
  );
  return (
    <List filters={filters} actions={<ListActions exportable={exportable} />} exporter={false} empty={false} perPage={25} sort={sort}>
      {dateRange || filterBar ? (
        <Box sx={{ px: 2, pt: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          {filterBar}
          {dateRange ? <DateRangeFilter /> : null}
        </Box>
      ) : null}
      {isPhone ? (
        <PhoneList rowActions={rowActions} />
      ) : (
        <Box ref={tableRef}>
          <DataTable bulkActionButtons={<BulkActions status={bulkStatus} exportable={exportable} />} rowClick={false} empty={<NoData />}>
            {children}
            <DataTable.Col label="app.action.actions" disableSort align="right">
              {rowActions}
            </DataTable.Col>
          </DataTable>
        </Box>
      )}
    </List>
  );
};
