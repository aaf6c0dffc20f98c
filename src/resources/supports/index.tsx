import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { SUPPORT_STATUSES } from '../../../contract/enums';
import { DataTable, FunctionField, ShowButton, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { excerptOf, fieldMessageScreens, FieldMessageStatus, nameOf, type FieldMessageDeclaration } from '../common/FieldMessage';
import { Detail } from '../common/people';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { formatDate } from '../../i18n/dates';
import { defineModule } from '../module';

/**
 * Support requests (spec 3): what any user of the field apps asks for help with. Staff read them,
 * answer (the reply shows in the app) and resolve or reopen them, and delete them; they do not add
 * requests nor change a user's words. A new request rings the bell of admins who may read it.
 */

const K = 'resources.supports';

/** Who asked, what kind of user they are, and when. */
const SupportDetails = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const kind = (record.user as { type?: string } | null)?.type;
  return (
    <>
      <Detail label={`${K}.fields.id`}>{String(record.number ?? '')}</Detail>
      <Detail label={`${K}.fields.user`}>
        {nameOf(record.user)}
        {kind ? ` (${translate(`${K}.kinds.${kind}`, { _: kind })})` : ''}
      </Detail>
      <Detail label={`${K}.fields.created_at`}>{formatDate(String(record.created_at ?? ''), locale)}</Detail>
    </>
  );
};

/** Staff answer (the reply shows in the app) and set the status. */
const SUPPORT: FieldMessageDeclaration = {
  resource: 'supports',
  statuses: SUPPORT_STATUSES,
  answer: 'reply',
  noAnswer: `${K}.no_reply`,
  details: <SupportDetails />,
};
const { show: SupportShow, edit: SupportEdit } = fieldMessageScreens(SUPPORT);

const SupportList = () => (
  <ResourceList
    dateRange
    sort={{ field: 'created_at', order: 'DESC' }}
    rowActions={
      <RowActions>
        <ShowButton />
      </RowActions>
    }
  >
    <DataTable.Col source="id">
      <FunctionField render={(r: RaRecord) => String(r.number ?? '')} />
    </DataTable.Col>
    <DataTable.Col source="user.f_name" label={`${K}.fields.user`}>
      <FunctionField render={(r: RaRecord) => nameOf(r.user)} />
    </DataTable.Col>
    <DataTable.Col source="msg" disableSort>
      <FunctionField render={(r: RaRecord) => excerptOf(r.msg)} />
    </DataTable.Col>
    <DataTable.Col source="status">
      <FieldMessageStatus declaration={SUPPORT} />
    </DataTable.Col>
  </ResourceList>
);

export default defineModule({
  list: SupportList,
  show: SupportShow,
  edit: SupportEdit,
  icon: SupportAgentIcon,
  recordRepresentation: (record: RaRecord) => nameOf(record.user),
  secondaryText: (record: RaRecord) => excerptOf(record.msg, 60),
  menu: { group: 'programme', order: 70 },
});
