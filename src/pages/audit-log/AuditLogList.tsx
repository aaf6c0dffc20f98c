import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiButton from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  List,
  TopToolbar,
  useDataProvider,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { BackLink, NoData, PhoneFilters } from '../../resources/common/ResourceList';
import { PhoneRows } from '../../resources/common/PhoneRows';
import { DateRangeFilter } from '../../resources/common/ListTools';
import { SelectFilter } from '../../resources/common/SelectFilter';
import { formatDateTime } from '../../i18n/dates';

/** One row of GET /audit-log. */
export interface AuditRow extends RaRecord {
  created_at: string;
  action: string;
  resource: string;
  record_id: number | null;
  record_encrypted_id: string | null;
  actor: { id: string; name: string | null; email: string | null } | null;
  changes: unknown;
  /** the entry has values the signed-in admin may not read (another district's record, a module it cannot view) */
  values_hidden?: boolean;
  ip: string | null;
}

const K = 'resources.audit-log';

/** A value as the log stored it, short: text as is, anything else as JSON. */
const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** The changes of a row, field by field: a create's values, or an update's before and after. */
export const changeRows = (changes: unknown): { field: string; before: string | null; after: string }[] => {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) {
    return changes === null || changes === undefined ? [] : [{ field: '', before: null, after: shown(changes) }];
  }
  return Object.entries(changes as Record<string, unknown>).map(([field, value]) => {
    if (value !== null && typeof value === 'object' && 'from' in value && 'to' in value) {
      const { from, to } = value as { from: unknown; to: unknown };
      return { field, before: shown(from), after: shown(to) };
    }
    return { field, before: null, after: shown(value) };
  });
};

/** The expanded row: each changed field with its value before and after. */
const Changes = () => {
  const record = useRecordContext<AuditRow>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.values_hidden) return <Typography variant="body2" sx={{ p: 1 }}>{translate(`${K}.values_hidden`)}</Typography>;
  const rows = changeRows(record.changes);
  if (rows.length === 0) return <Typography variant="body2" sx={{ p: 1 }}>{translate(`${K}.no_changes`)}</Typography>;
  const hasBefore = rows.some((r) => r.before !== null);
  return (
    <Table size="small" aria-label={translate(`${K}.changes`)} sx={{ maxWidth: 960 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(`${K}.field`)}</TableCell>
          {hasBefore ? <TableCell>{translate(`${K}.before`)}</TableCell> : null}
          <TableCell>{translate(hasBefore ? `${K}.after` : `${K}.value`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.field}>
            <TableCell component="th" scope="row" dir="auto">{r.field}</TableCell>
            {hasBefore ? <TableCell dir="auto" sx={{ wordBreak: 'break-word' }}>{r.before ?? ''}</TableCell> : null}
            <TableCell dir="auto" sx={{ wordBreak: 'break-word' }}>{r.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** Who: the admin (a button that filters the log by them), or the field apps / the server. */
const Actor = ({ record }: { record: AuditRow }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  if (!record.actor) return <Typography variant="body2" color="text.secondary">{translate(`${K}.no_actor`)}</Typography>;
  const { actor } = record;
  const label = actor.name ?? actor.email ?? actor.id;
  return (
    <MuiLink
      component="button"
      type="button"
      variant="body2"
      title={translate(`${K}.filter_by_admin`, { name: label })}
      onClick={(event) => {
        event.stopPropagation();
        setFilters({ ...filterValues, admin_id: actor.id, admin_name: label }, {});
      }}
      sx={{ textAlign: 'start' }}
    >
      <span dir="auto">{label}</span>
      {actor.email && actor.name ? <Typography component="span" variant="caption" display="block" color="text.secondary">{actor.email}</Typography> : null}
    </MuiLink>
  );
};

/** The resource's name in the console's words, and a link to the record where the console shows one. */
const Resource = ({ record }: { record: AuditRow }) => {
  const translate = useTranslate();
  const name = translate(`resources.${record.resource}.name`, { smart_count: 1, _: record.resource });
  if (record.record_id === null) return <>{name}</>;
  const text = `${name} #${record.record_id}`;
  return record.record_encrypted_id ? (
    <MuiLink component={Link} to={`/${record.resource}/${encodeURIComponent(record.record_encrypted_id)}/show`} onClick={(e) => e.stopPropagation()}>
      {text}
    </MuiLink>
  ) : (
    <>{text}</>
  );
};

const When = ({ value }: { value: string }) => {
  const [locale] = useLocaleState();
  return <>{formatDateTime(value, locale)}</>;
};

/** The filter bar: the admin chosen from a row (a chip to clear), resource, action and dates. */
const Filters = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, setFilters } = useListContext();
  const { data } = useQuery({
    queryKey: ['audit-log', 'facets'],
    queryFn: ({ signal }) => dataProvider.getAuditFacets({ signal }).then((r) => r.data),
    staleTime: 60_000,
  });
  const values = filterValues as Record<string, unknown>;
  const resources = useMemo(
    () => (data?.resources ?? []).map((r) => ({ id: r, name: translate(`resources.${r}.name`, { smart_count: 2, _: r }) })),
    [data, translate],
  );
  const actions = useMemo(() => (data?.actions ?? []).map((a) => ({ id: a, name: translate(`${K}.actions.${a}`, { _: a }) })), [data, translate]);
  let chip: ReactNode = null;
  if (typeof values.admin_id === 'string') {
    const { admin_id: _id, admin_name: name, ...rest } = values;
    chip = (
      <Chip
        label={translate(`${K}.admin_chip`, { name: typeof name === 'string' ? name : '' })}
        onDelete={() => setFilters(rest, {})}
        sx={{ alignSelf: 'center' }}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', width: '100%' }}>
      {chip}
      <SelectFilter source="resource" label={`${K}.fields.resource`} all="app.filter.all" choices={resources} />
      <SelectFilter source="action" label={`${K}.fields.action`} all="app.filter.all" choices={actions} />
      <DateRangeFilter />
    </Box>
  );
};

/** On a phone, a row's changes open under it (the table's rows expand on a click instead). */
const PhoneChanges = () => {
  const translate = useTranslate();
  const record = useRecordContext<AuditRow>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const id = `audit-changes-${String(record.id)}`;
  return (
    <>
      <MuiButton size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((was) => !was)}>
        {translate(`${K}.changes`)}
      </MuiButton>
      {open ? (
        <Box id={id} sx={{ flexBasis: '100%', minWidth: 0 }}>
          <Changes />
        </Box>
      ) : null}
    </>
  );
};

/** /audit-log: who did what and when, newest first, each row opening onto what changed; a line per entry on a phone. */
export const AuditLogList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <BackLink />
      <List
        resource="audit-log"
        disableAuthentication
        title={`${K}.page.list`}
        actions={
          <TopToolbar sx={{ width: '100%', justifyContent: 'flex-start' }}>
            <PhoneFilters phone={phone}>
              <Filters />
            </PhoneFilters>
          </TopToolbar>
        }
        exporter={false}
        empty={false}
        perPage={25}
        sort={{ field: 'id', order: 'DESC' }}
      >
        {phone ? (
          <PhoneRows
            primary={(record) => (
              <>
                <ActionName value={String(record.action)} />
                {' · '}
                <Resource record={record as AuditRow} />
              </>
            )}
            secondary={(record) => (
              <>
                <Box>
                  <When value={String(record.created_at)} />
                  {record.ip ? ` · ${String(record.ip)}` : ''}
                </Box>
                <Actor record={record as AuditRow} />
              </>
            )}
            actions={<PhoneChanges />}
            empty={<NoData />}
          />
        ) : (
          <DataTable<AuditRow> bulkActionButtons={false} rowClick="expand" expand={<Changes />} empty={<NoData />}>
            <DataTable.Col source="created_at" disableSort render={(record) => <When value={record.created_at} />} />
            <DataTable.Col source="actor" disableSort render={(record) => <Actor record={record as AuditRow} />} />
            <DataTable.Col source="action" disableSort render={(record) => <ActionName value={record.action} />} />
            <DataTable.Col source="resource" disableSort render={(record) => <Resource record={record as AuditRow} />} />
            <DataTable.Col source="ip" disableSort />
          </DataTable>
        )}
      </List>
    </Box>
  );
};

const ActionName = ({ value }: { value: string }) => {
  const translate = useTranslate();
  return <>{translate(`${K}.actions.${value}`, { _: value })}</>;
};
