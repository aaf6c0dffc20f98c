import QuizIcon from '@mui/icons-material/Quiz';
import { DataTable, Labeled, required, RichTextField, Show, ShowButton, SimpleShowLayout, TextField, TextInput, type RaRecord } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { RichTextInput } from '../common/RichText';
import { RowActions } from '../common/RowActions';
import { ExcerptField, excerpt, RichTextBox, richTextRequired } from '../common/richTextValue';
import { defineModule } from '../module';

/**
 * FAQs (spec 3): a question and its rich-text answer. The server keeps the HTML to an allowlist and
 * serves every FAQ at /api/public/faqs.
 */
const K = 'resources.faqs';

const FaqList = () => (
  <ResourceList
    sort={{ field: 'id', order: 'ASC' }}
    rowActions={
      <RowActions>
        <ShowButton />
      </RowActions>
    }
  >
    <DataTable.Col source="id" render={(r: RaRecord) => String(r.number ?? '')} />
    <DataTable.Col source="question" />
    <DataTable.Col source="answer" disableSort>
      <ExcerptField source="answer" />
    </DataTable.Col>
  </ResourceList>
);

const FaqInputs = () => (
  <>
    <TextInput source="question" fullWidth multiline validate={required(`${K}.validation.question_required`)} />
    <RichTextInput source="answer" fullWidth validate={richTextRequired(`${K}.validation.answer_required`)} />
  </>
);

const FaqShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="question" />
      <Labeled label={`${K}.fields.answer`}>
        <RichTextBox>
          <RichTextField source="answer" />
        </RichTextBox>
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default defineModule({
  list: FaqList,
  inputs: FaqInputs,
  show: FaqShow,
  icon: QuizIcon,
  recordRepresentation: 'question',
  secondaryText: (record: RaRecord) => excerpt(record.answer, 60),
  menu: { group: 'content', order: 70 },
});
