import type { ReactElement, ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { DataTable, List, SearchInput, useTranslate, type SortPayload } from 'react-admin';
import { RowActions } from './RowActions';

const NoData = () => {
  const translate = useTranslate();
  return (
    <Typography align="center" color="text.secondary" sx={{ p: 3 }}>
      {translate('app.message.no_data')}
    </Typography>
  );
};

const SearchBox = () => {
  const translate = useTranslate();
  return <SearchInput source="q" alwaysOn placeholder={translate('app.message.search')} />;
};

const filters: ReactElement[] = [<SearchBox key="q" />];

export interface ResourceListProps {
  /** The data columns (DataTable.Col elements). */
  children: ReactNode;
  /** Buttons of the last column; edit and delete by default. */
  rowActions?: ReactNode;
  sort?: SortPayload;
}

/** Every list of the console: a search box, a table with row actions, 'Data not found' when empty, paging. */
export const ResourceList = ({ children, rowActions = <RowActions />, sort }: ResourceListProps) => (
  <List filters={filters} exporter={false} empty={false} perPage={25} sort={sort}>
    <DataTable bulkActionButtons={false} rowClick={false} empty={<NoData />}>
      {children}
      <DataTable.Col label="app.action.actions" disableSort align="right">
        {rowActions}
      </DataTable.Col>
    </DataTable>
  </List>
);
