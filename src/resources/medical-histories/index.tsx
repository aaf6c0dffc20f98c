import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  CheckboxGroupInput, DataTable, DateInput, Loading, NumberInput, RadioButtonGroupInput, Show, ShowButton, TextInput, required, useLocaleState, useRecordContext, useTranslate, type RaRecord,
} from 'react-admin';
import { MEDICINE_TIMES, TO_BE_TAKEN } from '../../../contract/enums';
import { MediaInput } from '../common/MediaInput';
import { DateCell } from '../common/DateCell';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { Detail, fullName, ProfileActions } from '../common/people';
import { formatDate } from '../../i18n/dates';
import { defineModule } from '../module';

/** Medical histories of a patient or family member (spec 2): added under the person, edited on their own form, a show page. */

export const MEDICINE_TIME_CHOICES = MEDICINE_TIMES.map((t) => ({ id: t, name: `app.medicine_time.${t}` }));
export const TO_BE_TAKEN_CHOICES = TO_BE_TAKEN.map((t) => ({ id: t, name: `app.to_be_taken.${t}` }));
const wholeNumber = (v: string | number | null | undefined) => (v === '' || v == null ? null : Math.trunc(Number(v)));

const HistoryList = () => (
  <ResourceList dateRange sort={{ field: 'from_date', order: 'DESC' }} rowActions={<RowActions><ShowButton /></RowActions>}>
    <DataTable.Col source="patient.f_name" label="resources.medical-histories.fields.patient_id" render={(r: RaRecord) => fullName(r.patient)} />
    <DataTable.Col source="disease_name" />
    <DataTable.Col source="from_date">
      <DateCell source="from_date" />
    </DataTable.Col>
    <DataTable.Col source="to_date">
      <DateCell source="to_date" />
    </DataTable.Col>
    <DataTable.Col source="m_name" />
  </ResourceList>
);

/** The spec's fields and messages (spec 2 section 5). */
const HistoryInputs = () => (
  <>
    <TextInput source="disease_name" validate={required('app.validation.disease_required')} />
    <DateInput source="from_date" validate={required('app.validation.from_date_required')} />
    <DateInput source="to_date" validate={required('app.validation.to_date_required')} />
    <TextInput source="detail" multiline minRows={2} validate={required('app.validation.detail_required')} />
    <MediaInput source="reports" kinds={['image', 'audio']} multiple formatMessage="resources.medical-histories.validation.reports_format" />
    <DateInput source="c_date" validate={required('app.validation.current_date_required')} />
    <TextInput source="m_name" validate={required('app.validation.medicine_required')} />
    <NumberInput source="days" min={1} step={1} parse={wholeNumber} validate={required('app.validation.days_required')} />
    <CheckboxGroupInput source="m_times" choices={MEDICINE_TIME_CHOICES} />
    <RadioButtonGroupInput source="to_be_taken" choices={TO_BE_TAKEN_CHOICES} />
    <RadioButtonGroupInput source="still_using" choices={[{ id: 'Yes', name: 'app.yes' }, { id: 'No', name: 'app.no' }]} />
    <TextInput source="note" multiline minRows={2} validate={required('app.validation.note_required')} />
  </>
);

/** 'Medical History of ...' (spec 2): reports open in a new tab, the medication, the note. */
const HistoryDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return <Loading />;
  const patient = record.patient as RaRecord | null;
  const reports = (record.reports as { src: string; title: string }[] | null) ?? [];
  const times = (record.m_times as string[] | undefined) ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 900 }}>
      <ProfileActions backTo={patient?.id != null ? `/${patient.parent_id ? 'family-members' : 'app-users'}/${encodeURIComponent(String(patient.id))}/show` : undefined} />
      <Typography variant="h5" component="h1">
        {translate('resources.medical-histories.of', { disease: String(record.disease_name) })}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label="resources.medical-histories.fields.patient_id">{fullName(patient ?? undefined)}</Detail>
          <Detail label="resources.medical-histories.fields.period">{`${formatDate(String(record.from_date), locale)} – ${formatDate(String(record.to_date), locale)}`}</Detail>
          <Detail label="resources.medical-histories.fields.detail">{String(record.detail)}</Detail>
          <Detail label="resources.medical-histories.fields.reports">
            {reports.length
              ? reports.map((r, i) => (
                  <Box key={r.src}>
                    <Link href={r.src} target="_blank" rel="noopener noreferrer">
                      {translate('resources.medical-histories.report', { n: i + 1 })}
                    </Link>
                  </Box>
                ))
              : '—'}
          </Detail>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Typography variant="h6" component="h2">
            {translate('resources.medical-histories.medication')}
          </Typography>
          <Detail label="resources.medical-histories.fields.m_name">{String(record.m_name)}</Detail>
          <Detail label="resources.medical-histories.fields.days">{String(record.days)}</Detail>
          <Detail label="resources.medical-histories.fields.to_be_taken">{record.to_be_taken ? translate(`app.to_be_taken.${String(record.to_be_taken)}`) : '—'}</Detail>
          <Detail label="resources.medical-histories.fields.m_times">{times.map((t) => translate(`app.medicine_time.${t}`)).join(', ') || '—'}</Detail>
          <Detail label="resources.medical-histories.fields.still_using">{translate(record.still_using === 'Yes' ? 'app.yes' : 'app.no')}</Detail>
          <Detail label="resources.medical-histories.fields.note">{String(record.note)}</Detail>
        </CardContent>
      </Card>
    </Box>
  );
};

const HistoryShow = () => (
  <Show component="div" actions={false}>
    <HistoryDetail />
  </Show>
);

export default defineModule({
  list: HistoryList,
  inputs: HistoryInputs,
  show: HistoryShow,
  defaultValues: { still_using: 'No', m_times: [] },
  icon: LocalHospitalIcon,
  recordRepresentation: 'disease_name',
  secondaryText: (r: RaRecord) => fullName(r.patient),
  menu: { hidden: "reached from a patient's profile (Medical History tab)" },
  parent: { resource: 'app-users', source: 'patient_id', also: ['family-members'] },
});
