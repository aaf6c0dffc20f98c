import { SelectArrayInput, useGetList, type Validator } from 'react-admin';
import { idsOf } from './inputs';

/** Interests to choose from (patients' own, and a message's audience): their ids, from the presented [{ id, title }] too. */
export const InterestsInput = ({ validate }: { validate?: Validator }) => {
  const { data, isPending } = useGetList('interests', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  const choices = (data ?? []).map((i) => ({ id: i.id, name: String(i.title) }));
  return <SelectArrayInput source="interest_ids" choices={choices} format={idsOf} isPending={isPending} validate={validate} />;
};
