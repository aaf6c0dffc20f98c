import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { RecordContextProvider, useGetRecordRepresentation, useListContext, useResourceContext, type RaRecord } from 'react-admin';

/**
 * Actions with their words at every width: react-admin's buttons drop their label under `sm` and show
 * a bare icon (an IconButton named by `aria-label`); inside this box each shows its name beside its icon
 * (the accessible name, drawn by CSS, so nothing is read twice), and the buttons wrap onto lines of their
 * own. A phone row's actions, a record page's.
 */
export const LabelledActions = ({ children, sx, className }: { children: ReactNode; sx?: SxProps<Theme>; className?: string }) => (
  <Box
    className={className ? `labelled-actions ${className}` : 'labelled-actions'}
    sx={[
      {
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        // RowActions' own box lines its buttons up at the end of a table's cell
        '& .MuiBox-root': { justifyContent: 'flex-start' },
        '& .MuiIconButton-root': {
          borderRadius: 1,
          px: 1,
          py: 0.5,
          gap: 0.5,
          minHeight: 36,
        },
        '& .MuiIconButton-root .MuiSvgIcon-root': { fontSize: '1.25rem' },
        '& .MuiIconButton-root[aria-label]::after': {
          content: 'attr(aria-label)',
          fontSize: '0.8125rem',
          fontWeight: 500,
          lineHeight: 1.75,
        },
      },
      ...(Array.isArray(sx) ? sx : [sx]),
    ]}
  >
    {children}
  </Box>
);

export interface PhoneRowsProps {
  /** the row's title: the record's representation (react-admin's for the resource by default) */
  primary?: (record: RaRecord) => ReactNode;
  /** the line under it */
  secondary?: (record: RaRecord) => ReactNode;
  /** before the title (a selection box) */
  start?: (record: RaRecord) => ReactNode;
  /** the record's actions, under its lines, labelled */
  actions?: ReactNode;
  /** in place of an empty list */
  empty: ReactNode;
}

/**
 * A list on a phone: one line per record of the list's page, its title given the whole width (it
 * wraps rather than being cut), the second line under it, and the actions under both, each with its
 * word (`LabelledActions`). Inside a react-admin List.
 */
export const PhoneRows = ({ primary, secondary, start, actions, empty }: PhoneRowsProps) => {
  const { data, isPending } = useListContext();
  const resource = useResourceContext();
  const represent = useGetRecordRepresentation(resource);
  if (isPending) return <LinearProgress />;
  if (!data?.length) return <>{empty}</>;
  return (
    <List disablePadding>
      {data.map((record: RaRecord) => (
        <RecordContextProvider key={record.id} value={record}>
          <ListItem divider className="list-row" sx={{ alignItems: 'flex-start', gap: 1, px: 1 }}>
            {start ? start(record) : null}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography className="list-row-title" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {primary ? primary(record) : represent(record)}
              </Typography>
              {secondary ? (
                <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {secondary(record)}
                </Typography>
              ) : null}
              {actions ? <LabelledActions sx={{ mt: 0.5 }}>{actions}</LabelledActions> : null}
            </Box>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
};
