import { DataTable } from 'react-admin';
import { ResourceList } from '../common/ResourceList';

export const DistrictList = () => (
  <ResourceList sort={{ field: 'title', order: 'ASC' }}>
    <DataTable.Col source="title" />
  </ResourceList>
);
