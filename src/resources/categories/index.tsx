import CategoryIcon from '@mui/icons-material/Category';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { isFileValue, kindOfStored, MediaInput } from '../common/MediaInput';
import { ResourceList } from '../common/ResourceList';
import { TitleInput } from '../common/TitleInput';
import { defineModule } from '../module';

/** Image or Audio, as the stored file is (spec 3: an image file is marked Image, otherwise Audio). */
const FileKind = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const file: unknown = record?.file;
  return <>{translate(isFileValue(file) && kindOfStored(file) === 'image' ? 'resources.categories.kinds.image' : 'resources.categories.kinds.audio')}</>;
};

const CategoryList = () => (
  <ResourceList sort={{ field: 'title', order: 'ASC' }}>
    <DataTable.Col source="title" />
    <DataTable.Col source="file" label="resources.categories.fields.kind" disableSort>
      <FileKind />
    </DataTable.Col>
  </ResourceList>
);

const CategoryInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <TitleInput />
    <MediaInput
      source="file"
      kinds={['image', 'audio']}
      formatMessage="resources.categories.validation.file_format"
      requiredMessage={mode === 'create' ? 'resources.categories.validation.file_required' : undefined}
    />
  </>
);

export default defineModule({
  list: CategoryList,
  inputs: CategoryInputs,
  icon: CategoryIcon,
  recordRepresentation: 'title',
  menu: { group: 'content', order: 20 },
});
