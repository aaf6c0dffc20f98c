import { DataTable } from 'react-admin';
import { ResourceList } from '../common/ResourceList';

export const TehsilList = () => (
  <ResourceList sort={{ field: 'title', order: 'ASC' }}>
    <DataTable.Col source="title" />
    <DataTable.Col source="district.title" disableSort />
  </ResourceList>
);
