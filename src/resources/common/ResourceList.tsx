import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import MuiButton from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CreateButton,
  useResourceDefinition,
  DataTable,
  List,
  SavedQueriesList,
  SearchInput,
  SelectAllButton,
  TopToolbar,
  useGetRecordRepresentation,
  useListContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { DateRangeFilter, ExportButtons } from './ListTools';
import { BulkActions } from './BulkActions';
import { useListDeclaration, type ListDeclaration } from './listDeclaration';
import { RowActions } from './RowActions';
import { CompactActions } from './CompactActions';
import { PhoneRows } from './PhoneRows';
import { ISO_DATE, LocalDate } from './DateCell';
import { useResourceChanges } from '../../providers/useResourceChanges';

// The add button (and Export where the module offers it): the default actions also offer filter and
// saved-query menus the console has no use for.
const ListActions = ({ exportable }: { exportable: boolean }) => {
  // read-only lists (appointment requests) and those added elsewhere (appointments, rosters) have no Add
  const { hasCreate } = useResourceDefinition();
  return (
    // the buttons wrap rather than run past the window's edge beside a wide search; from `md` up they keep
    // one line (the search beside them gives way), so the list starts higher on a laptop's screen
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', flexShrink: { md: 0 }, pt: { md: 1 }, minHeight: { md: 48 } }}>
      {exportable ? <ExportButtons /> : null}
      {hasCreate ? <CreateButton /> : null}
    </TopToolbar>
  );
};

/**
 * The room kept below a list for react-admin's floating Add button (56 px high, 60 px above the
 * window's bottom edge): 16 × 8 px, so scrolled to the end, the last row's actions sit above it.
 */
const FAB_ROOM = 16;

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

/** The declaration's representation or second line as the phone rows take it: a function of the record. */
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

/** A phone row's selection box, named after its record (the module's representation, else react-admin's). */
const PhoneRowCheckbox = ({ record, name: given }: { record: RaRecord; name?: string }) => {
  const translate = useTranslate();
  const { selectedIds = [], onToggleItem } = useListContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  const name = given || asText(represent(record));
  return (
    <Checkbox
      checked={selectedIds.includes(record.id)}
      onChange={() => onToggleItem(record.id)}
      slotProps={{
        input: {
          'aria-label': `${translate('ra.action.select_row')}: ${name}`,
        },
      }}
      sx={{ p: 0.5 }}
    />
  );
};

/**
 * The selected rows' actions on a phone: how many are selected, select all, clear, and the list's
 * bulk buttons, wrapping across the width (react-admin's toolbar is one line high over a table's head).
 */
const PhoneBulkBar = ({ bulkActions }: { bulkActions: ReactNode }) => {
  const translate = useTranslate();
  const { selectedIds = [], onUnselectItems } = useListContext();
  if (!selectedIds.length) return null;
  return (
    <Box
      role="toolbar"
      aria-label={translate('ra.action.bulk_actions', {
        smart_count: selectedIds.length,
      })}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 3,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <IconButton size="small" onClick={() => onUnselectItems()} aria-label={translate('ra.action.unselect')}>
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" sx={{ flex: '1 0 auto' }}>
        {translate('ra.action.bulk_actions', {
          smart_count: selectedIds.length,
        })}
      </Typography>
      <SelectAllButton />
      <Box sx={{ flexBasis: '100%' }}>{bulkActions}</Box>
    </Box>
  );
};

/**
 * A phone's list: one line per record, its representation (the module's, else react-admin's) over the
 * module's second line, and the row actions under them with their words (`PhoneRows`); a box at the
 * start of each line selects it for the bulk actions, which show above the lines.
 */
const PhoneList = ({ rowActions, bulkActions }: { rowActions: ReactNode; bulkActions: ReactNode }) => {
  const { recordRepresentation, secondaryText } = useListDeclaration();
  const primary = lineOf(recordRepresentation);
  return (
    <>
      <PhoneBulkBar bulkActions={bulkActions} />
      <PhoneRows
        primary={primary}
        secondary={lineOf(secondaryText)}
        start={(record) => <PhoneRowCheckbox record={record} name={primary ? asText(primary(record)) : undefined} />}
        actions={rowActions}
        empty={<NoData />}
      />
    </>
  );
};

/**
 * The spec's Back link at the top of every list (document 3 §2: "Lists have a Back link"), the lists of
 * their own included (health literacy's cards, notifications, the audit log): to the screen before when
 * the console opened one, else to the dashboard (a list opened from a bookmark or a new tab).
 */
export const BackLink = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const hasPrevious = location.key !== 'default';
  return (
    <MuiButton
      component={Link}
      to="/dashboard"
      size="small"
      startIcon={<ArrowBackIcon sx={{ transform: 'scaleX(var(--ra-back-direction, 1))' }} />}
      onClick={(event: React.MouseEvent) => {
        if (!hasPrevious) return;
        event.preventDefault();
        void navigate(-1);
      }}
      sx={{
        alignSelf: 'flex-start',
        '[dir="rtl"] &': { '--ra-back-direction': -1 },
      }}
    >
      {translate('app.action.back')}
    </MuiButton>
  );
};

/**
 * The list's saved filters and sorts (react-admin's SavedQueriesList, kept in the store per list),
 * behind a button of the filter bar at every width: as a sidebar it took the width the tables need
 * (the row actions were cut off beside the menu). A panel under the button; a sheet from the bottom on
 * a phone. Choosing a saved query closes it.
 */
const SavedFilters = ({ phone }: { phone: boolean }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = translate('app.filter.saved');
  const content = (
    <Box
      sx={{ p: 2, pt: 5, position: 'relative', minWidth: 260 }}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('.MuiListItemButton-root')) close();
      }}
    >
      <SavedQueriesList />
    </Box>
  );
  return (
    <>
      <MuiButton size="small" variant="outlined" startIcon={<BookmarkIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog" sx={{ minHeight: 40 }}>
        {label}
      </MuiButton>
      {phone ? (
        <Drawer anchor="bottom" open={anchor !== null} onClose={close} slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}>
          {content}
        </Drawer>
      ) : (
        <Popover
          open={anchor !== null}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
        >
          {content}
        </Popover>
      )}
    </>
  );
};

/**
 * On a phone the filter bar folds away behind a "Filters" button (with how many are set), so the first
 * screen shows the list rather than its filters; the search box stays above. Open at every other width.
 */
export const PhoneFilters = ({ phone, children }: { phone: boolean; children: ReactNode }) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  if (!phone) return <>{children}</>;
  const set = Object.entries((filterValues ?? {}) as Record<string, unknown>).filter(([key, value]) => key !== 'q' && value !== undefined && value !== null && value !== '').length;
  const label = translate('app.filter.filters');
  return (
    <>
      <Box sx={{ px: 2, pt: 1 }}>
        <MuiButton
          size="small"
          variant={set ? 'contained' : 'outlined'}
          startIcon={<FilterListIcon />}
          aria-expanded={open}
          aria-controls="phone-filters"
          onClick={() => setOpen((was) => !was)}
          sx={{ minHeight: 40 }}
        >
          {set ? `${label} (${set})` : label}
        </MuiButton>
      </Box>
      <Collapse in={open} id="phone-filters" unmountOnExit={false}>
        {children}
      </Collapse>
    </>
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
  /**
   * The filter bar's selects apply with the dates, by the Filter button, rather than each at once (spec 2,
   * CHWs: "start date, end date, district. A Filter button applies them").
   */
  filtersApplyTogether?: boolean;
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
export const ResourceList = ({ children, rowActions = <RowActions />, sort, dateRange = false, filtersApplyTogether = false, exportable = false, filterBar, bulkStatus = false }: ResourceListProps) => {
  const translate = useTranslate();
  // Under `sm` a table cuts its columns off; noSsr: the first render already knows (no table flashing by).
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  // Under `md` react-admin's CreateButton floats over the page's bottom corner: the list keeps room
  // below its last row for it, so it never covers that row's actions.
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const { hasCreate } = useResourceDefinition();
  const filtered = dateRange || filterBar !== undefined;
  const bulkActions = <BulkActions status={bulkStatus} exportable={exportable} />;
  const tableRef = useRowCheckboxLabels();
  useResourceChanges(); // another admin's write to this resource refetches the list (real time)
  // react-admin reads source and alwaysOn from the filter elements themselves, so no wrapper component here.
  const filters = useMemo(
    () => [<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.message.search')} />],
    [translate],
  );
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        pb: isNarrow && hasCreate ? FAB_ROOM : 0,
      }}
    >
      <BackLink />
      <List
        filters={filters}
        actions={<ListActions exportable={exportable} />}
        exporter={false}
        empty={false}
        perPage={25}
        sort={sort}
      >
        {filtered ? (
          <PhoneFilters phone={isPhone}>
            <Box
              sx={{
                px: 2,
                pt: { xs: 2, sm: 1 },
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'flex-start',
              }}
            >
              {dateRange && filtersApplyTogether ? (
                <DateRangeFilter>{filterBar}</DateRangeFilter>
              ) : (
                <>
                  {filterBar}
                  {dateRange ? <DateRangeFilter /> : null}
                </>
              )}
              <SavedFilters phone={isPhone} />
            </Box>
          </PhoneFilters>
        ) : null}
        {isPhone ? (
          <PhoneList rowActions={rowActions} bulkActions={bulkActions} />
        ) : (
          // a table wider than the window scrolls within its own wrapper; it never widens the page past the
          // list's toolbar (Add Doctor was cut off at 1400 px). Only the table scrolls: the bulk actions'
          // toolbar, drawn over the table's head, stays outside the scrolling box (clipped, it was unclickable)
          // rows one line high where they can be (a laptop's screen shows ten and more): cells with little
          // padding above and below, the actions as named icons (CompactActions)
          <Box ref={tableRef} sx={{ contain: 'inline-size', '& .RaDataTable-tableWrapper': { overflowX: 'auto' }, '& .MuiTableCell-body': { py: 0.25 } }}>
            <DataTable bulkActionButtons={bulkActions} rowClick={false} empty={<NoData />}>
              {children}
              <DataTable.Col label="app.action.actions" disableSort align="right">
                <CompactActions>{rowActions}</CompactActions>
              </DataTable.Col>
            </DataTable>
          </Box>
        )}
      </List>
    </Box>
  );
};
