import type { ComponentType } from 'react';
import { withListDeclaration } from './common/listDeclaration';
import { formScreens, type FormInputs, type FormOptions } from './common/ResourceForms';
import type { ResourceConfig } from './types';

export interface ModuleDefinition extends Omit<ResourceConfig, 'create' | 'edit'>, Omit<FormOptions, 'parent'> {
  /** the inputs of the add and edit forms; the machinery makes both screens from them */
  inputs?: FormInputs;
  /** a screen of its own instead of the generated one */
  create?: ComponentType;
  edit?: ComponentType;
}

/**
 * A console module from its list and its form inputs: the add and edit screens come from the shared
 * shells (Back, Submit, Cancel on add, the spec's toasts, parent routes), unless the module brings its own.
 * The list knows the module's representation and second line, for its phone layout.
 */
export function defineModule({ inputs, transform, validate, defaultValues, messages, create, edit, ...config }: ModuleDefinition): ResourceConfig {
  // reference data (the setting group) and locations are entered in batches: their add form offers "Save and add another"
  const addAnother = 'group' in config.menu && (config.menu.group === 'setting' || config.menu.group === 'location');
  const screens = inputs ? formScreens(inputs, { transform, validate, defaultValues, messages, parent: config.parent, addAnother }) : undefined;
  const { recordRepresentation, secondaryText } = config;
  return {
    ...config,
    list: withListDeclaration(config.list, { recordRepresentation, secondaryText }),
    create: create ?? screens?.create,
    edit: edit ?? screens?.edit,
  };
}
