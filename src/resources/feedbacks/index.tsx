import RateReviewIcon from '@mui/icons-material/RateReview';
import { DataTable, FunctionField, ShowButton, type RaRecord } from 'react-admin';
import { useLocaleState, useRecordContext } from 'react-admin';
import { excerptOf, FieldMessageStatus, nameOf } from '../common/FieldMessage';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { formatDate } from '../../i18n/dates';
import { defineModule } from '../module';
import { FEEDBACK, FeedbackEdit, FeedbackShow } from './FeedbackScreens';
import { RatingField } from './RatingStars';

/**
 * Feedback (spec 3): what patients say about a doctor from the app, with stars. Staff read it, mark it
 * reviewed with a note, and delete it; they do not add feedback nor change a patient's words. New
 * feedback rings the bell of admins who may read it.
 */

const K = 'resources.feedbacks';

const Dated = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <>{formatDate(String(record?.dated_at ?? ''), locale)}</>;
};

const FeedbackList = () => (
  <ResourceList
    dateRange
    sort={{ field: 'created_at', order: 'DESC' }}
    rowActions={
      <RowActions>
        <ShowButton />
      </RowActions>
    }
  >
    <DataTable.Col source="user.f_name" label={`${K}.fields.user`}>
      <FunctionField render={(r: RaRecord) => nameOf(r.user)} />
    </DataTable.Col>
    <DataTable.Col source="doctor.f_name" label={`${K}.fields.doctor`}>
      <FunctionField render={(r: RaRecord) => nameOf(r.doctor)} />
    </DataTable.Col>
    <DataTable.Col source="msg" disableSort>
      <FunctionField render={(r: RaRecord) => excerptOf(r.msg)} />
    </DataTable.Col>
    <DataTable.Col source="rating">
      <RatingField />
    </DataTable.Col>
    <DataTable.Col source="dated_at">
      <Dated />
    </DataTable.Col>
    <DataTable.Col source="status">
      <FieldMessageStatus declaration={FEEDBACK} />
    </DataTable.Col>
  </ResourceList>
);

export default defineModule({
  list: FeedbackList,
  show: FeedbackShow,
  edit: FeedbackEdit,
  icon: RateReviewIcon,
  recordRepresentation: (record: RaRecord) => nameOf(record.user),
  secondaryText: (record: RaRecord) => excerptOf(record.msg, 60),
  menu: { group: 'programme', order: 60 },
});
