import { Labeled, RichTextField, Show, SimpleShowLayout, type Identifier } from 'react-admin';
import { RichTextBox } from '../common/richTextValue';
import { K, PageKeyName } from './PageKeyName';

/** A page as the landing site shows it: its name and its content (`id` when not the route's). */
export const PageShow = ({ id }: { id?: Identifier }) => (
  <Show resource="pages" id={id}>
    <SimpleShowLayout>
      <Labeled label={`${K}.fields.key`}>
        <PageKeyName />
      </Labeled>
      <RichTextBox>
        <RichTextField source="value" />
      </RichTextBox>
    </SimpleShowLayout>
  </Show>
);
