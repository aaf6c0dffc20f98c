import MenuBookIcon from '@mui/icons-material/MenuBook';
import type { RaRecord } from 'react-admin';
import { defineModule } from '../module';
import { ContentInputs } from './ContentInputs';
import { ContentList } from './ContentList';
import { ContentShow } from './ContentShow';

/**
 * Health literacy content (spec 3): image, PDF and video education material in categories, listed as
 * cards with a search over titles and tags; add and edit with the file sent in chunks (Submit waits for
 * the upload) and typed tags; a page showing the item large. Tasks and messages of type Knowledge
 * choose among the active items.
 */
export default defineModule({
  list: ContentList,
  inputs: ContentInputs,
  show: ContentShow,
  icon: MenuBookIcon,
  recordRepresentation: 'title',
  secondaryText: (record: RaRecord) => String((record.category as { title?: string } | null)?.title ?? ''),
  defaultValues: { tags: [] },
  menu: { group: 'content', order: 30 },
});
