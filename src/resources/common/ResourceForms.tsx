import { useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Create,
  Edit,
  Loading,
  useCreatePath,
  useGetOne,
  useGetRecordRepresentation,
  useNotify,
  useResourceContext,
  useResourceDefinition,
  HttpError,
  type RaRecord,
  type TransformData,
  type ValidateForm,
} from 'react-admin';
import type { ResourceName } from '../../../contract/resources';
import { FormToolbar } from './FormToolbar';
import { PatientInput } from './PatientPicker';
import { ConsoleForm } from './ConsoleForm';

export interface ParentLink {
  resource: ResourceName;
  /** the field the parent's numeric id goes into */
  source: string;
  /** other resources the parent may be (a family member has clinical records too), named by `?from=` */
  also?: ResourceName[];
}

/**
 * A module's own toasts where the spec gives them (dynamic forms: "Fill the required fields." on an
 * invalid submit, "Error saving data." for 5 seconds when a save fails), i18n keys; the shared ones otherwise.
 */
export interface FormMessages {
  /** a submit the form's rules (or the server's field errors) refuse */
  invalid?: string;
  /** a save the server refuses without field errors, shown 5 s */
  failed?: string;
}

/** A save refused without field errors: the module's own toast, 5 s (with field errors, the invalid-form toast says it). */
const useFailedToast = (messages: FormMessages | undefined) => {
  const notify = useNotify();
  if (!messages?.failed) return undefined;
  const failed = messages.failed;
  return (error: unknown) => {
    const fields = error instanceof HttpError ? (error.body as { errors?: Record<string, unknown> } | undefined)?.errors : undefined;
    if (fields && Object.keys(fields).length > 0) return;
    notify(failed, { type: 'error', autoHideDuration: 5000 });
  };
};

export interface ResourceCreateProps {
  children: ReactNode;
  messages?: FormMessages;
  defaultValues?: Record<string, unknown>;
  transform?: TransformData;
  validate?: ValidateForm;
  /** added under a parent record, whose encrypted id is the route's :parentId */
  parent?: ParentLink;
  /** records entered in batches (reference data, locations): "Save and add another" beside Submit */
  addAnother?: boolean;
}

/**
 * Add form: after a successful add the toast names the record and its page opens (CreateForm).
 * Add and edit forms ask before leaving with unsaved changes (react-admin's guard, in the reader's language).
 */
export const ResourceCreate = ({ parent, ...props }: ResourceCreateProps) => {
  const { parentId } = useParams<{ parentId?: string }>();
  if (parent && parentId) return <ChildCreate parent={parent} parentId={parentId} {...props} />;
  // opened from the list's Add rather than under a patient: the patient is chosen first
  return <CreateForm {...props} picker={parent ? <PatientInput source={parent.source} /> : null} />;
};

/** Under a parent: the parent's id fills its field (the provider sends its number), and Back leads to the parent's page. */
const ChildCreate = ({ parent: declared, parentId, defaultValues, ...props }: Omit<ResourceCreateProps, 'parent'> & { parent: ParentLink; parentId: string }) => {
  const [search] = useSearchParams();
  const from = search.get('from');
  const parent = from && declared.also?.includes(from as ResourceName) ? { ...declared, resource: from as ResourceName } : declared;
  const { data, isPending, error } = useGetOne(parent.resource, { id: parentId });
  if (isPending) return <Loading />;
  if (error || !data) return <CreateForm {...props} defaultValues={defaultValues} />;
  return (
    <CreateForm
      {...props}
      defaultValues={{ ...defaultValues, [parent.source]: data.id }}
      backTo={`/${parent.resource}/${encodeURIComponent(parentId)}/show`}
    />
  );
};

/**
 * After an add the toast names the new record, and its page opens (its list, for a module without
 * one); "Save and add another" (reference data and locations) stays on an empty form instead.
 */
const CreateForm = ({ children, defaultValues, transform, validate, backTo, picker, addAnother, messages }: Omit<ResourceCreateProps, 'parent'> & { backTo?: string; picker?: ReactNode }) => {
  const notify = useNotify();
  const onError = useFailedToast(messages);
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const resource = useResourceContext();
  const { hasShow } = useResourceDefinition();
  const represent = useGetRecordRepresentation(resource);
  // A new key remounts the form with its default values.
  const [formKey, setFormKey] = useState(0);
  const added = (record: RaRecord) => {
    const name = represent(record);
    notify(typeof name === 'string' && name.trim() ? 'app.notification.added_named' : 'app.notification.added', { type: 'success', messageArgs: { name } });
  };
  const open = (record: RaRecord) => {
    added(record);
    if (!resource) return;
    navigate(hasShow ? createPath({ resource, id: record.id, type: 'show' }) : (backTo ?? createPath({ resource, type: 'list' })));
  };
  const again = (record: RaRecord) => {
    added(record);
    setFormKey((key) => key + 1);
  };
  return (
    <Create redirect={false} transform={transform} mutationOptions={{ onSuccess: open, ...(onError ? { onError } : {}) }}>
      <ConsoleForm
        key={formKey}
        defaultValues={defaultValues}
        validate={validate}
        toolbar={<FormToolbar cancel backTo={backTo} addAnother={addAnother ? { onSuccess: again } : undefined} />}
        warnWhenUnsavedChanges
        invalid={messages?.invalid}
      >
        {picker}
        {children}
      </ConsoleForm>
    </Create>
  );
};

export interface ResourceEditProps {
  children: ReactNode;
  transform?: TransformData;
  validate?: ValidateForm;
  messages?: FormMessages;
}

/** Edit form: after a successful update the user stays on the page (spec 1 section 4). */
export const ResourceEdit = ({ children, transform, validate, messages }: ResourceEditProps) => {
  const notify = useNotify();
  const onError = useFailedToast(messages);
  return (
    <Edit
      redirect={false}
      mutationMode="pessimistic"
      transform={transform}
      mutationOptions={{ onSuccess: () => notify('app.notification.updated', { type: 'success' }), ...(onError ? { onError } : {}) }}
    >
      <ConsoleForm validate={validate} toolbar={<FormToolbar />} warnWhenUnsavedChanges invalid={messages?.invalid}>
        {children}
      </ConsoleForm>
    </Edit>
  );
};

/** The inputs of a module's add and edit forms; `mode` tells which (passwords are asked on add only). */
export type FormInputs = ComponentType<{ mode: 'create' | 'edit' }>;

export interface FormOptions {
  transform?: TransformData;
  validate?: ValidateForm;
  defaultValues?: Record<string, unknown>;
  parent?: ParentLink;
  addAnother?: boolean;
  messages?: FormMessages;
}

/** The add and edit screens of a module, from its inputs. */
export function formScreens(Inputs: FormInputs, options: FormOptions = {}): { create: ComponentType; edit: ComponentType } {
  const { transform, validate, defaultValues, parent, addAnother, messages } = options;
  const create = () => (
    <ResourceCreate transform={transform} validate={validate} defaultValues={defaultValues} parent={parent} addAnother={addAnother} messages={messages}>
      <Inputs mode="create" />
    </ResourceCreate>
  );
  const edit = () => (
    <ResourceEdit transform={transform} validate={validate} messages={messages}>
      <Inputs mode="edit" />
    </ResourceEdit>
  );
  return { create, edit };
}
