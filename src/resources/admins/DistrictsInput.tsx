import { SelectArrayInput, useGetList } from 'react-admin';

/**
 * The districts an admin is limited to (a CHW supervisor of one district, say). None: every district.
 * The server holds a limited admin to its districts' records and refuses to give districts it lacks.
 */
export const DistrictsInput = () => {
  const { data } = useGetList('districts', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  return (
    <SelectArrayInput
      source="district_ids"
      choices={data ?? []}
      optionText="title"
      isPending={!data}
      helperText="resources.admins.helper.district_ids"
    />
  );
};
