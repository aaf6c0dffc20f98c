import { DataTable, ListContextProvider, Loading, useGetList, useList, useRecordContext } from 'react-admin';
import { NoData } from '../common/ResourceList';

/**
 * The Working Hours tab of a doctor's profile: the doctor's schedules (dates, hours, session, fee).
 * The month calendar that adds them is the duty roster editor.
 */
export const WorkingHours = () => {
  const doctor = useRecordContext();
  const { data, isPending } = useGetList(
    'duty-roasters',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'first_date', order: 'DESC' }, filter: { paginate: false, doctor_id: doctor?.numeric_id } },
    { enabled: Boolean(doctor) },
  );
  const list = useList({ data: data ?? [], isPending });
  if (isPending) return <Loading />;
  return (
    <ListContextProvider value={list}>
      <DataTable resource="duty-roasters" bulkActionButtons={false} rowClick={false} empty={<NoData />}>
        <DataTable.Col source="label" disableSort />
        <DataTable.Col source="dates" disableSort render={(r) => (Array.isArray(r.dates) ? r.dates.join(', ') : '')} />
        <DataTable.Col source="s_time" disableSort render={(r) => `${r.s_time}–${r.e_time}`} />
        <DataTable.Col source="session" disableSort />
        <DataTable.Col source="total_fee" disableSort />
      </DataTable>
    </ListContextProvider>
  );
};
