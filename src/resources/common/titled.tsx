import type { ComponentType } from 'react';
import { DataTable, TextInput } from 'react-admin';
import { defineModule } from '../module';
import type { MenuPlacement } from '../types';
import { ResourceList } from './ResourceList';
import { TitleInput } from './TitleInput';

const TitleList = () => (
  <ResourceList sort={{ field: 'title', order: 'ASC' }}>
    <DataTable.Col source="title" />
  </ResourceList>
);

/**
 * A module that is only a title (qualifications, districts, cities, interests...): one column, one input;
 * or a title and a few texts more (`texts`: a language's ISO code), a column and an input each (the server
 * checks them).
 */
export const titledModule = (icon: ComponentType, menu: MenuPlacement, requiredMessage?: string, texts: readonly string[] = []) => {
  if (!texts.length) return defineModule({ icon, menu, recordRepresentation: 'title', list: TitleList, inputs: () => <TitleInput requiredMessage={requiredMessage} /> });
  const List = () => (
    <ResourceList sort={{ field: 'title', order: 'ASC' }}>
      <DataTable.Col source="title" />
      {texts.map((source) => <DataTable.Col key={source} source={source} />)}
    </ResourceList>
  );
  const Inputs = () => (
    <>
      <TitleInput requiredMessage={requiredMessage} />
      {texts.map((source) => <TextInput key={source} source={source} />)}
    </>
  );
  return defineModule({ icon, menu, recordRepresentation: 'title', list: List, inputs: Inputs });
};
