import { useMemo, useRef, type ReactNode } from 'react';
import { ResourceDefinitionContext, useResourceDefinitionContext, type ResourceDefinition } from 'react-admin';

/**
 * react-admin's resource definitions, kept when react-admin registers the same resources again.
 *
 * react-admin (ra-core 5, `useConfigureAdminRouterFromChildren`) makes a new array of its `<Resource>`
 * elements whenever the permissions' answer arrives or changes, or `useLogout`'s callback changes, and
 * then unregisters every resource and registers it again in one effect: 31 unregistered and 31
 * registered, a new definitions object each time, and the menu, the breadcrumbs, the search and every
 * other reader of the definitions drawn again. A sign-in went through three such rounds before its
 * dashboard was drawn.
 *
 * Placed between react-admin's definitions provider (in `AdminContext`) and its routes (`AdminUI`), this
 * hands react-admin's routes a `register` and `unregister` that put an unregistration off until the
 * current task's microtasks: a resource registered again meanwhile (with an equal definition react-admin
 * itself then keeps as it is) was never gone, so the definitions do not change at all. A resource that is
 * really removed (the console unmounted, another set of resources) is unregistered a moment later.
 */
export const StableResourceDefinitions = ({ children }: { children: ReactNode }) => {
  const outer = useResourceDefinitionContext();
  // the outer provider's register and unregister never change (useCallback without dependencies)
  const latest = useRef(outer);
  latest.current = outer;
  const [register, unregister] = useMemo(() => {
    const pending = new Map<string, ResourceDefinition>();
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      const gone = [...pending.values()];
      pending.clear();
      for (const definition of gone) latest.current.unregister(definition);
    };
    return [
      (definition: ResourceDefinition) => {
        pending.delete(definition.name);
        latest.current.register(definition);
      },
      (definition: ResourceDefinition) => {
        pending.set(definition.name, definition);
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(flush);
        }
      },
    ] as const;
  }, []);
  const value = useMemo(() => ({ definitions: outer.definitions, register, unregister }), [outer.definitions, register, unregister]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
};
