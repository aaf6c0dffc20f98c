import MedicationIcon from '@mui/icons-material/Medication';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  BooleanInput, DataTable, DateInput, Loading, NumberInput, SelectInput, Show, ShowButton, TextInput, required, useGetList, useLocaleState, useRecordContext, useTranslate, type RaRecord,
} from 'react-admin';
import { DateCell } from '../common/DateCell';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { RowsInput } from '../common/RowsInput';
import { Detail, fullName, ProfileActions } from '../common/people';
import { formatDate } from '../../i18n/dates';
import { MEDICINE_TIME_CHOICES, TO_BE_TAKEN_CHOICES } from '../medical-histories';
import { defineModule } from '../module';

/** Prescriptions (spec 2): a header and any number of medicines, added under a patient; 'Prescription Detail'. */

const wholeNumber = (v: string | number | null | undefined) => (v === '' || v == null ? null : Math.trunc(Number(v)));
const atLeastOne = (value: unknown) => (Array.isArray(value) && value.length > 0 ? undefined : 'resources.prescriptions.validation.items_required');

const PrescriptionList = () => (
  <ResourceList dateRange sort={{ field: 'from_date', order: 'DESC' }} rowActions={<RowActions><ShowButton /></RowActions>}>
    <DataTable.Col source="patient.f_name" label="resources.prescriptions.fields.patient_id" render={(r: RaRecord) => fullName(r.patient)} />
    <DataTable.Col source="doctor.f_name" label="resources.prescriptions.fields.doctor_id" render={(r: RaRecord) => fullName(r.doctor)} />
    <DataTable.Col source="disease_name" />
    <DataTable.Col source="from_date">
      <DateCell source="from_date" />
    </DataTable.Col>
    <DataTable.Col source="to_date">
      <DateCell source="to_date" />
    </DataTable.Col>
  </ResourceList>
);

/** The doctor who prescribes: the programme's doctors by name. */
const DoctorSelect = () => {
  const { data } = useGetList('doctors', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'f_name', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } });
  return <SelectInput source="doctor_id" choices={data ?? []} optionText={(d: RaRecord) => fullName(d)} isPending={!data} validate={required('app.validation.doctor_required')} />;
};

const PrescriptionInputs = () => (
  <>
    <DoctorSelect />
    <TextInput source="disease_name" validate={required('app.validation.disease_required')} />
    <DateInput source="from_date" validate={required('app.validation.from_date_required')} />
    <DateInput source="to_date" validate={required('app.validation.to_date_required')} />
    <TextInput source="detail" multiline minRows={2} validate={required('app.validation.detail_required')} />
    <RowsInput source="items" validate={atLeastOne}>
      <DateInput source="c_date" label="resources.prescriptions.fields.c_date" validate={required('app.validation.current_date_required')} />
      <TextInput source="m_name" label="resources.prescriptions.fields.m_name" validate={required('app.validation.medicine_required')} />
      <NumberInput source="days" label="resources.prescriptions.fields.days" min={1} step={1} parse={wholeNumber} validate={required('app.validation.days_required')} />
      <SelectInput source="m_time" label="resources.prescriptions.fields.m_time" choices={MEDICINE_TIME_CHOICES} />
      <SelectInput source="to_be_taken" label="resources.prescriptions.fields.to_be_taken" choices={TO_BE_TAKEN_CHOICES} />
      <BooleanInput source="still_using" label="resources.prescriptions.fields.still_using" />
      <TextInput source="note" label="resources.prescriptions.fields.note" validate={required('app.validation.note_required')} />
    </RowsInput>
  </>
);

/** 'Prescription Detail' (spec 2): the doctor, each medicine numbered, the note. */
const PrescriptionDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return <Loading />;
  const patient = record.patient as RaRecord | null;
  const items = (record.items as RaRecord[] | undefined) ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 900 }}>
      <ProfileActions backTo={patient?.id != null ? `/${patient.parent_id ? 'family-members' : 'app-users'}/${encodeURIComponent(String(patient.id))}/show` : undefined} />
      <Typography variant="h5" component="h1">
        {translate('resources.prescriptions.page.show')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label="resources.prescriptions.fields.doctor_id">{fullName(record.doctor as RaRecord | undefined)}</Detail>
          <Detail label="resources.prescriptions.fields.patient_id">{fullName(patient ?? undefined)}</Detail>
          <Detail label="resources.prescriptions.fields.disease_name">{String(record.disease_name)}</Detail>
          <Detail label="resources.prescriptions.fields.period">{`${formatDate(String(record.from_date), locale)} – ${formatDate(String(record.to_date), locale)}`}</Detail>
        </CardContent>
      </Card>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
        {items.map((item) => (
          <li key={String(item.id)}>
            <Typography variant="subtitle2">{String(item.m_name)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                translate('resources.prescriptions.days', { smart_count: Number(item.days) }),
                item.to_be_taken ? translate(`app.to_be_taken.${String(item.to_be_taken)}`) : null,
                item.m_time ? translate(`app.medicine_time.${String(item.m_time)}`) : null,
                item.still_using ? translate('resources.prescriptions.fields.still_using') : null,
              ].filter(Boolean).join(' · ')}
            </Typography>
            {item.note ? <Typography variant="body2">{String(item.note)}</Typography> : null}
          </li>
        ))}
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Detail label="resources.prescriptions.fields.detail">{String(record.detail)}</Detail>
        </CardContent>
      </Card>
    </Box>
  );
};

const PrescriptionShow = () => (
  <Show component="div" actions={false}>
    <PrescriptionDetail />
  </Show>
);

export default defineModule({
  list: PrescriptionList,
  inputs: PrescriptionInputs,
  show: PrescriptionShow,
  defaultValues: { items: [{ still_using: false }] },
  icon: MedicationIcon,
  recordRepresentation: 'disease_name',
  secondaryText: (r: RaRecord) => fullName(r.patient),
  menu: { hidden: "reached from a patient's profile (Prescriptions tab)" },
  parent: { resource: 'app-users', source: 'patient_id', also: ['family-members'] },
});
