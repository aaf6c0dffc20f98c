import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import {
  CreateButton,
  EditButton,
  List,
  Pagination,
  RecordContextProvider,
  SearchInput,
  ShowButton,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { USER_STATUS } from '../../../contract/enums';
import { useResourceChanges } from '../../providers/useResourceChanges';
import { isFileValue } from '../common/MediaInput';
import { BackLink, NoData, PhoneFilters } from '../common/ResourceList';
import { LabelledActions } from '../common/PhoneRows';
import { SelectFilter } from '../common/SelectFilter';
import { StatusChip } from '../common/StatusChip';
import { EnumName } from '../common/TypeFields';
import { HLC_TYPE_CHOICES, K } from './ContentInputs';

/** The spec's card text: the description cut at 100 characters, then an ellipsis (whole characters, not halves of one). */
export function excerpt(text: unknown, max = 100): string {
  const chars = Array.from(typeof text === 'string' ? text.trim() : '');
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}

const MEDIA_HEIGHT = 170;

/** The card's picture: the image itself, a video's thumbnail with a play mark, or a PDF's icon. */
const CardMedia = () => {
  const record = useRecordContext();
  if (!record) return null;
  const file: unknown = record.file;
  const thumbnail: unknown = record.thumbnail;
  const picture = record.type === 'image' && isFileValue(file) ? file : isFileValue(thumbnail) ? thumbnail : null;
  return (
    <Box sx={{ position: 'relative', height: MEDIA_HEIGHT, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', overflow: 'hidden' }}>
      {picture ? (
        <Box component="img" src={picture.src} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : record.type === 'pdf' ? (
        <PictureAsPdfIcon sx={{ fontSize: 72, color: 'error.main' }} aria-hidden />
      ) : null}
      {record.type === 'video' ? (
        <PlayCircleIcon aria-hidden sx={{ position: 'absolute', fontSize: 56, color: 'common.white', filter: 'drop-shadow(0 0 4px rgba(0,0,0,.6))' }} />
      ) : null}
    </Box>
  );
};

/** Edit and View: shown on hover and when a button inside has keyboard focus; always where there is no hover (touch). */
const CardActions = () => (
  // with their words at every width (on a phone react-admin's buttons are bare icons)
  <LabelledActions
    sx={{
      position: 'absolute',
      top: 8,
      insetInlineEnd: 8,
      gap: 1,
      transition: 'opacity 150ms',
      '@media (hover: hover) and (pointer: fine)': { opacity: 0 },
      // on the picture: each button on its own background
      '& .MuiButtonBase-root': { bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } },
    }}
    className="hlc-card-actions"
  >
    <EditButton variant="outlined" />
    <ShowButton variant="outlined" />
  </LabelledActions>
);

const ContentCard = () => {
  const record = useRecordContext();
  if (!record) return null;
  const category = record.category as { title?: string } | null | undefined;
  return (
    <Card
      component="article"
      className="list-row"
      variant="outlined"
      aria-labelledby={`hlc-${record.id}`}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        '&:hover .hlc-card-actions, &:focus-within .hlc-card-actions': { opacity: 1 },
      }}
    >
      <CardMedia />
      <CardActions />
      <CardContent sx={{ display: 'grid', gap: 0.75, flex: 1, alignContent: 'start' }}>
        <Typography id={`hlc-${record.id}`} className="list-row-title" variant="subtitle1" component="h2" dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {String(record.title ?? '')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            <EnumName source="type" prefix={`${K}.types`} />
            {category?.title ? ` · ${category.title}` : ''}
          </Typography>
          {record.status === USER_STATUS.blocked ? <StatusChip /> : null}
        </Box>
        <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {excerpt(record.desc)}
        </Typography>
      </CardContent>
    </Card>
  );
};

/** Three cards a row on a desktop, two on a tablet, one on a phone. */
const GRID = { display: 'grid', gap: 2, p: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } } as const;

const CardGrid = () => {
  const { data, isPending, perPage } = useListContext();
  const translate = useTranslate();
  if (isPending) {
    return (
      <Box sx={GRID} aria-busy="true" aria-label={translate('ra.page.loading')}>
        {Array.from({ length: Math.min(perPage, 6) }, (_, i) => (
          <Card key={i} variant="outlined">
            <Skeleton variant="rectangular" height={MEDIA_HEIGHT} />
            <CardContent>
              <Skeleton width="70%" />
              <Skeleton width="40%" />
              <Skeleton />
              <Skeleton />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  if (!data?.length) return <NoData />;
  return (
    <Box sx={GRID}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <ContentCard />
        </RecordContextProvider>
      ))}
    </Box>
  );
};

const STATUS_CHOICES = [
  { id: USER_STATUS.active, name: 'app.status.active' },
  { id: USER_STATUS.blocked, name: 'app.status.blocked' },
];

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/**
 * The content as a grid of cards (spec 3): a search box (title and tags, 500 ms after typing stops),
 * type and status filters, pages of twelve.
 */
export const ContentList = () => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  useResourceChanges();
  const filters = useMemo(() => [<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.message.search')} />], [translate]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <BackLink />
      <List
        filters={filters}
        debounce={500}
        actions={<Actions />}
        exporter={false}
        empty={false}
        perPage={12}
        sort={{ field: 'created_at', order: 'DESC' }}
        pagination={<Pagination rowsPerPageOptions={[12, 24, 48]} />}
      >
        <PhoneFilters phone={phone}>
          <Box sx={{ px: 2, pt: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <SelectFilter source="type" label={`${K}.fields.type`} all="app.filter.all" choices={HLC_TYPE_CHOICES} />
            <SelectFilter source="status" label={`${K}.fields.status`} all="app.filter.all" choices={STATUS_CHOICES} />
          </Box>
        </PhoneFilters>
        <CardGrid />
      </List>
    </Box>
  );
};
