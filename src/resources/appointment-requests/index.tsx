import Chip from '@mui/material/Chip';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import { DataTable, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { fullName } from '../common/people';
import { formatDate } from '../common/Timeline';
import { defineModule } from '../module';

/** Appointment requests from the patient app (spec 1): read-only, emergencies first. */

const Emergency = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.is_emergency ? <Chip size="small" color="error" label={translate('resources.appointment-requests.emergency')} /> : <>{translate('resources.appointment-requests.routine')}</>;
};

const Dated = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <>{formatDate((record?.dated_at as string | null) ?? null, locale)}</>;
};

const RequestList = () => (
  <ResourceList rowActions={<></>} sort={{ field: 'is_emergency', order: 'DESC' }}>
    <DataTable.Col source="id" />
    <DataTable.Col source="patient.f_name" label="resources.appointment-requests.fields.patient_id" render={(r: RaRecord) => fullName(r.patient)} />
    <DataTable.Col source="detail" disableSort />
    <DataTable.Col source="is_emergency">
      <Emergency />
    </DataTable.Col>
    <DataTable.Col source="dated_at">
      <Dated />
    </DataTable.Col>
  </ResourceList>
);

export default defineModule({
  list: RequestList,
  icon: MoveToInboxIcon,
  recordRepresentation: (r: RaRecord) => fullName(r.patient),
  secondaryText: 'detail',
  menu: { group: 'main', order: 36 },
});
