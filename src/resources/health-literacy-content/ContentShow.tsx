import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Loading, Show, useCanAccess, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { isFileValue, kindOfStored } from '../common/MediaInput';
import { Detail, ProfileActions } from '../common/people';
import { ConfirmDeleteButton } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { formatDate } from '../../i18n/dates';
import { EnumName } from '../common/TypeFields';
import { K } from './ContentInputs';

/**
 * The item shown large: the image, the PDF in a frame (through the file's `viewer`, the short-lived link
 * the server gives for it, which the console may frame; /storage itself sends PDFs as downloads), or a video player with
 * the thumbnail as its poster.
 */
const Media = ({ title }: { title: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const file: unknown = record?.file;
  const thumbnail: unknown = record?.thumbnail;
  if (!isFileValue(file)) return null;
  const { src, viewer } = file;
  const kind = kindOfStored(file);
  if (kind === 'image') {
    return <Box component="img" src={src} alt={title} sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto', borderRadius: 1 }} />;
  }
  if (kind === 'video') {
    return (
      <Box
        component="video"
        controls
        preload="metadata"
        src={src}
        poster={isFileValue(thumbnail) ? thumbnail.src : undefined}
        aria-label={title}
        sx={{ display: 'block', width: '100%', maxHeight: '75vh', bgcolor: 'common.black', borderRadius: 1 }}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {viewer ? (
        <Box
          component="iframe"
          src={viewer}
          title={title}
          sx={{ width: '100%', height: { xs: '60vh', md: '80vh' }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default' }}
        />
      ) : null}
      <Link href={viewer ?? src} target="_blank" rel="noopener noreferrer">
        {translate(`${K}.open_pdf`)}
      </Link>
    </Box>
  );
};

/** Block or unblock (an item in use by tasks or messages is blocked rather than deleted) and delete, each asked first. */
const ItemActions = () => {
  const record = useRecordContext();
  const { canAccess: mayDelete } = useCanAccess({ resource: 'health-literacy-content', action: 'delete', record });
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <StatusToggleButton />
      {mayDelete ? (
        <ConfirmDeleteButton redirect="list" />
      ) : null}
    </Box>
  );
};

const ContentDetail = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return <Loading />;
  const title = String(record.title ?? '');
  const tags = Array.isArray(record.splited_tags) ? (record.splited_tags as string[]) : [];
  const category = record.category as { title?: string } | null | undefined;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, justifyContent: 'space-between' }}>
        <ProfileActions />
        <ItemActions />
      </Box>
      <Typography variant="h5" component="h1" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Media title={title} />
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label={`${K}.fields.type`}>
            <EnumName source="type" prefix={`${K}.types`} />
          </Detail>
          <Detail label={`${K}.fields.category_id`}>{category?.title ?? ''}</Detail>
          <Detail label={`${K}.fields.status`}>
            <StatusChip />
          </Detail>
          <Detail label={`${K}.fields.tags`}>
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
              {tags.map((tag) => (
                <li key={tag}>
                  <Chip size="small" label={<bdi>{tag}</bdi>} />
                </li>
              ))}
            </Box>
          </Detail>
          <Detail label={`${K}.fields.created_at`}>{formatDate(String(record.created_at ?? ''), locale)}</Detail>
        </CardContent>
      </Card>
      <Box>
        <Typography variant="subtitle2" component="h2" color="text.secondary" gutterBottom>
          <ShowLabel label={`${K}.fields.desc`} />
        </Typography>
        <Typography variant="body1" dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {String(record.desc ?? '')}
        </Typography>
      </Box>
    </Box>
  );
};

const ShowLabel = ({ label }: { label: string }) => {
  const translate = useTranslate();
  return <>{translate(label)}</>;
};

export const ContentShow = () => (
  <Show component="div" actions={false}>
    <ContentDetail />
  </Show>
);
