import ArticleIcon from '@mui/icons-material/Article';
import { DataTable, required, SelectInput, ShowButton, type RaRecord } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { RichTextInput } from '../common/RichText';
import { RowActions } from '../common/RowActions';
import { ExcerptField, excerpt, richTextRequired } from '../common/richTextValue';
import { defineModule } from '../module';
import { PageByKey } from './PageByKey';
import { K, KEY_CHOICES, PageKeyName } from './PageKeyName';
import { PageShow } from './PageShow';

/**
 * Static pages (spec 3): the privacy policy and the terms, each once, written with the rich-text
 * editor. The server keeps the HTML to an allowlist and serves it at /api/public/pages/{key}.
 */
const PageList = () => (
  <ResourceList
    sort={{ field: 'key', order: 'ASC' }}
    rowActions={
      <RowActions>
        <ShowButton />
      </RowActions>
    }
  >
    <DataTable.Col source="id" render={(r: RaRecord) => String(r.number ?? '')} />
    <DataTable.Col source="key">
      <PageKeyName />
    </DataTable.Col>
    <DataTable.Col source="value" disableSort>
      <ExcerptField source="value" />
    </DataTable.Col>
  </ResourceList>
);

const PageInputs = () => (
  <>
    <SelectInput source="key" choices={KEY_CHOICES} validate={required(`${K}.validation.key_required`)} />
    <RichTextInput source="value" fullWidth validate={richTextRequired(`${K}.validation.value_required`)} />
  </>
);

export default defineModule({
  list: PageList,
  inputs: PageInputs,
  show: PageShow,
  icon: ArticleIcon,
  recordRepresentation: 'key',
  secondaryText: (record: RaRecord) => excerpt(record.value, 60),
  menu: { group: 'content', order: 60 },
  // the footer's links (spec 1 section 2.4) name the pages by what they are, not by id
  routes: [
    { path: 'privacy-policy', element: () => <PageByKey pageKey="privacy_policy" />, label: `${K}.keys.privacy_policy` },
    { path: 'terms-and-conditions', element: () => <PageByKey pageKey="terms" />, label: `${K}.keys.terms` },
  ],
});
