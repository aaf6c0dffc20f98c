import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import { DataTable, ShowButton, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { formatDate } from '../../i18n/dates';
import { defineModule } from '../module';
import { FormBuilder } from './FormBuilder';
import { FormShow } from './FormShow';
import { blankQuestion, toBody, type FormValues } from './rules';
import { SubmissionsExportButton } from './SubmissionsExport';

/**
 * Survey forms (spec 3, "Dynamic forms"): a list with a date range (title, created date, submission
 * count, status), block and unblock, the export of each form's answers, the form builder on add and
 * edit, and a page with the questions. CHWs answer the forms from the field app.
 */

const CreatedDate = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <>{formatDate((record?.created_at as string | undefined) ?? null, locale)}</>;
};

const SubmissionCount = () => {
  const record = useRecordContext();
  return <>{Number(record?.submissions_count ?? 0)}</>;
};

const FormList = () => (
  <ResourceList
    dateRange
    sort={{ field: 'created_at', order: 'DESC' }}
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
        <SubmissionsExportButton />
      </RowActions>
    }
  >
    <DataTable.Col source="title" />
    <DataTable.Col source="created_at">
      <CreatedDate />
    </DataTable.Col>
    <DataTable.Col source="submissions_count" align="right">
      <SubmissionCount />
    </DataTable.Col>
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

const SecondLine = (record: RaRecord) => <SubmissionsLine count={Number(record.submissions_count ?? 0)} />;
const SubmissionsLine = ({ count }: { count: number }) => {
  const translate = useTranslate();
  return <>{translate('resources.dynamic-forms.message.submissions', { smart_count: count })}</>;
};

export default defineModule({
  list: FormList,
  inputs: FormBuilder,
  show: FormShow,
  defaultValues: { questions: [blankQuestion()] },
  transform: (data: FormValues) => toBody(data),
  // the spec's toasts of the form builder (document 3 §5 and §8)
  messages: { invalid: 'resources.dynamic-forms.message.invalid', failed: 'resources.dynamic-forms.message.save_failed' },
  icon: DynamicFormIcon,
  recordRepresentation: 'title',
  secondaryText: SecondLine,
  menu: { group: 'programme', order: 20 },
});
