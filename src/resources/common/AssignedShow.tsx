import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Loading, Show, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ProfileActions } from './people';
import { useRecordChanges } from './useRecordChanges';

/**
 * The page of programme work sent to people (a task to CHWs, a message to patients): its title, a
 * card of details (with a file beside them, if any), then a card of how each person stands. The page
 * follows the record's changes as they happen.
 */

/** A related record as the server embeds it: its title, and its id where the console has a page for it. */
export type Linked = { title?: string; id?: string | number } | null | undefined;

/** A related record's title, linked to its page when it has one. */
export const LinkedTitle = ({ resource, item }: { resource: string; item: Linked }) =>
  item?.id != null ? (
    <MuiLink component={Link} to={`/${resource}/${encodeURIComponent(String(item.id))}/show`}>
      {item.title}
    </MuiLink>
  ) : (
    <>{item?.title ?? ''}</>
  );

/** District › tehsil of a record that is sent to a place. */
export const placeOf = (record: RaRecord): string => [(record.district as Linked)?.title, (record.tehsil as Linked)?.title].filter(Boolean).join(' › ');

export interface PeopleColumn<T> {
  /** a translation key */
  label: string;
  cell: (row: T) => ReactNode;
  /** a column of free text, wrapped anywhere */
  wraps?: boolean;
}

/** The people the work went to, one row each. */
export function PeopleTable<T>({ label, columns, rows, rowKey, rowTestId }: {
  /** the table's accessible name, a translation key */
  label: string;
  columns: readonly PeopleColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowTestId?: (row: T) => string;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label}>{translate(column.label)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column) => (
                <TableCell key={column.label} sx={column.wraps ? { overflowWrap: 'anywhere' } : undefined}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

interface AssignedDetailProps {
  /** Detail rows, rendered in the record's context */
  details: ReactNode;
  /** beside the details (a task's file) */
  aside?: ReactNode;
  /** the second card's heading, a translation key */
  peopleTitle: string;
  /** the second card's body: how each person stands */
  people: ReactNode;
}

const AssignedDetail = ({ details, aside, peopleTitle, people }: AssignedDetailProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  useRecordChanges();
  if (!record) return <Loading />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1000 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {String(record.title ?? '')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 0.75 }}>{details}</Box>
          {aside}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {translate(peopleTitle)}
          </Typography>
          {people}
        </CardContent>
      </Card>
    </Box>
  );
};

export const AssignedShow = (props: AssignedDetailProps) => (
  <Show component="div" actions={false}>
    <AssignedDetail {...props} />
  </Show>
);
