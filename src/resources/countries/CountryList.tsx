import { DataTable } from 'react-admin';
import { ResourceList } from '../common/ResourceList';

export const CountryList = () => (
  <ResourceList sort={{ field: 'country', order: 'ASC' }}>
    <DataTable.Col source="country" />
    <DataTable.Col source="iso2" />
    <DataTable.Col source="iso3" />
  </ResourceList>
);
