import { DataTable } from 'react-admin';
import { ResourceList } from '../common/ResourceList';

export const AreaList = () => (
  <ResourceList sort={{ field: 'title', order: 'ASC' }}>
    <DataTable.Col source="title" />
    <DataTable.Col source="tehsil.title" disableSort />
    <DataTable.Col source="district.title" disableSort />
    <DataTable.NumberCol source="lat" options={{ maximumFractionDigits: 6 }} />
    <DataTable.NumberCol source="long" options={{ maximumFractionDigits: 6 }} />
  </ResourceList>
);
