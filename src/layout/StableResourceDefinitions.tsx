import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ResourceDefinitionContext, useResourceDefinitionContext, type ResourceDefinition, type ResourceDefinitions } from 'react-admin';

/** Whether two sets of definitions say the same: the same names, each definition's fields the same values. */
export const sameDefinitions = (a: ResourceDefinitions, b: ResourceDefinitions): boolean => {
  if (a === b) return true;
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => {
    const x = a[name] as Record<string, unknown> | undefined;
    const y = b[name] as Record<string, unknown> | undefined;
    if (x === y) return true;
    if (!x || !y) return false;
    const fields = Object.keys(x);
    return fields.length === Object.keys(y).length && fields.every((field) => x[field] === y[field]);
  });
};

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
 *
 * `initial`: the definitions react-admin is about to register (`Resource.registerResource` of each
 * `<Resource>`). react-admin registers them in an effect, after its first render, so the layout was first
 * drawn with no definitions (menu labels and breadcrumbs without them) and then drawn whole again; with
 * them given, the first render has them, and react-admin's own registration of the same definitions
 * changes nothing below.
 */
export const StableResourceDefinitions = ({ initial, children }: { initial?: ResourceDefinitions; children: ReactNode }) => {
  const outer = useResourceDefinitionContext();
  // What the screens read: the given definitions until react-admin has registered its own, then
  // react-admin's whenever they say something else (kept while they say the same).
  const [shown, setShown] = useState(() => ({ definitions: initial ?? outer.definitions, from: outer.definitions }));
  let definitions = shown.definitions;
  if (shown.from !== outer.definitions) {
    const pendingFirst = initial !== undefined && Object.keys(outer.definitions).length === 0;
    definitions = pendingFirst || sameDefinitions(shown.definitions, outer.definitions) ? shown.definitions : outer.definitions;
    setShown({ definitions, from: outer.definitions });
  }
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
  const value = useMemo(() => ({ definitions, register, unregister }), [definitions, register, unregister]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
};
