import type { ComponentType } from 'react';
import { DataTable } from 'react-admin';
import { defineModule } from '../module';
import type { MenuPlacement } from '../types';
import { ResourceList } from './ResourceList';
import { TitleInput } from './TitleInput';

const TitleList = () => (
  <ResourceList sort={{ field: 'title', order: 'ASC' }}>
    <DataTable.Col source="title" />
  </ResourceList>
);

/** A module that is only a title (qualifications, districts, cities, interests...): one column, one input. */
export const titledModule = (icon: ComponentType, menu: MenuPlacement, requiredMessage?: string) =>
  defineModule({ icon, menu, recordRepresentation: 'title', list: TitleList, inputs: () => <TitleInput requiredMessage={requiredMessage} /> });
