import CampaignIcon from '@mui/icons-material/Campaign';
import { DataTable, ShowButton, TextInput, required, type RaRecord } from 'react-admin';
import { LocationCascade } from '../common/LocationCascade';
import { MediaInput } from '../common/MediaInput';
import { PeriodInputs } from '../common/PeriodInputs';
import { ResourceList } from '../common/ResourceList';
import { SelectFilter, USER_STATUS_CHOICES } from '../common/SelectFilter';
import { RowActions } from '../common/RowActions';
import { Session, SessionOf } from '../common/Session';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { defineModule } from '../module';
import { CampaignShow } from './CampaignShow';

/**
 * Campaigns (spec 3): a list (title, session, status) filtered by dates, block and unblock, add and
 * edit (a period not before today, district › tehsil, an image or PDF), and a page of the campaign's
 * own with its file and the tasks that point at it (not the old console's doctor profile).
 */

const K = 'resources.campaigns';

const CampaignList = () => (
  <ResourceList
    dateRange
    sort={{ field: 'created_at', order: 'DESC' }}
    filterBar={<SelectFilter source="status" label="resources.campaigns.fields.status" all="app.filter.all" choices={USER_STATUS_CHOICES} />}
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
      </RowActions>
    }
  >
    <DataTable.Col source="title" />
    <DataTable.Col source="start_date" label={`${K}.fields.session`}>
      <Session start="start_date" end="end_date" />
    </DataTable.Col>
    <DataTable.Col source="district.title" label={`${K}.fields.district_id`} />
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

const CampaignInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <TextInput source="title" validate={required(`${K}.validation.title_required`)} />
    <PeriodInputs start="start_date" end="end_date" startRequired={`${K}.validation.start_required`} endRequired={`${K}.validation.end_required`} mode={mode} strict />
    <LocationCascade depth="tehsil" />
    <MediaInput
      source="file"
      kinds={['image', 'pdf']}
      formatMessage={`${K}.validation.file_format`}
      requiredMessage={mode === 'create' ? `${K}.validation.file_required` : undefined}
    />
  </>
);

export default defineModule({
  list: CampaignList,
  inputs: CampaignInputs,
  show: CampaignShow,
  icon: CampaignIcon,
  recordRepresentation: 'title',
  secondaryText: (record: RaRecord) => <SessionOf record={record} start="start_date" end="end_date" />,
  menu: { group: 'programme', order: 10 },
});
