import { FEEDBACK_STATUSES } from '../../../contract/enums';
import { useLocaleState, useRecordContext } from 'react-admin';
import { fieldMessageScreens, nameOf, type FieldMessageDeclaration } from '../common/FieldMessage';
import { Detail } from '../common/people';
import { formatDate } from '../../i18n/dates';
import { RatingStars } from './RatingStars';

const K = 'resources.feedbacks';

/** Who sent it, about whom, the stars and the day. */
const FeedbackDetails = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <>
      <Detail label={`${K}.fields.user`}>{nameOf(record.user)}</Detail>
      <Detail label={`${K}.fields.doctor`}>{nameOf(record.doctor)}</Detail>
      <Detail label={`${K}.fields.rating`}>
        <RatingStars value={record.rating} />
      </Detail>
      <Detail label={`${K}.fields.dated_at`}>{formatDate(String(record.dated_at ?? ''), locale)}</Detail>
    </>
  );
};

/** What a patient says about a doctor; staff keep the status and a note of what they did. */
export const FEEDBACK: FieldMessageDeclaration = {
  resource: 'feedbacks',
  statuses: FEEDBACK_STATUSES,
  answer: 'note',
  details: <FeedbackDetails />,
};

export const { show: FeedbackShow, edit: FeedbackEdit } = fieldMessageScreens(FEEDBACK);
