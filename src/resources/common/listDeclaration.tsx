import { createContext, useContext, type ComponentType } from 'react';
import type { ResourceConfig } from '../types';

/** What a module declares about its list's records (resources/types.ts), for the list's phone layout. */
export type ListDeclaration = Partial<Pick<ResourceConfig, 'recordRepresentation' | 'secondaryText'>>;

const ListDeclarationContext = createContext<ListDeclaration>({});

/** The module's declaration, read by ResourceList; empty outside a module's list (react-admin's defaults apply). */
export const useListDeclaration = (): ListDeclaration => useContext(ListDeclarationContext);

/** The module's list screen, with its declaration around it (defineModule does this for every module). */
export function withListDeclaration(List: ComponentType, declaration: ListDeclaration): ComponentType {
  const Declared = () => (
    <ListDeclarationContext.Provider value={declaration}>
      <List />
    </ListDeclarationContext.Provider>
  );
  Declared.displayName = `Declared(${List.displayName ?? List.name})`;
  return Declared;
}
