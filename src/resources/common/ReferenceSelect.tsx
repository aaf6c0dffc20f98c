import { SelectInput, useGetList, type SelectInputProps } from 'react-admin';

export interface ReferenceSelectProps extends Omit<SelectInputProps, 'choices' | 'optionText' | 'optionValue' | 'filter'> {
  /** The resource whose records are the choices. */
  reference: string;
  /** Extra list filters, e.g. { district_id } for the tehsils of one district. */
  filter?: Record<string, unknown>;
  /** The record field shown; 'title' by default. */
  optionText?: string;
  /** The record field stored; the record's id by default (the provider turns it into what its backend's foreign keys want). */
  optionValue?: string;
  /** False while the choices cannot be known yet (no district chosen): nothing is fetched. */
  enabled?: boolean;
  /** What the select says while it is not enabled (the choice it waits for): "Choose a district first". */
  waitingFor?: string;
}

/** A select filled with a whole reference list, fetched unpaginated (spec 1 section 9). */
export const ReferenceSelect = ({
  reference,
  filter,
  optionText = 'title',
  optionValue = 'id',
  enabled = true,
  waitingFor,
  ...rest
}: ReferenceSelectProps) => {
  const { data, isPending } = useGetList(
    reference,
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: optionText, order: 'ASC' },
      filter: { paginate: false, ...filter },
      // the select's choices: open to whoever may fill the form, not only to who may list them
      meta: { choices: true },
    },
    { enabled },
  );
  return (
    <SelectInput
      choices={enabled ? (data ?? []) : []}
      optionText={optionText}
      optionValue={optionValue}
      isPending={enabled && isPending}
      disabled={!enabled}
      {...rest}
      // what the select waits for is read while it is disabled: in the readable grey, not the disabled one
      sx={[{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }, ...(Array.isArray(rest.sx) ? rest.sx : [rest.sx])]}
      helperText={!enabled && waitingFor ? waitingFor : rest.helperText}
    />
  );
};
