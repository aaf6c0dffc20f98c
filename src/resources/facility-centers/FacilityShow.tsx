import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Loading, Show, useRecordContext, useTranslate } from 'react-admin';
import { isFileValue, MediaPreview } from '../common/MediaInput';
import { Detail, ProfileActions } from '../common/people';
import { StatusChip } from '../common/StatusChip';

const K = 'resources.facility-centers';
type Titled = { title?: string } | null | undefined;

/** OpenStreetMap centred on the point, with a marker. */
export const mapLink = (lat: unknown, long: unknown): string | null => {
  const [la, lo] = [Number(lat), Number(long)];
  if (lat === null || long === null || !Number.isFinite(la) || !Number.isFinite(lo)) return null;
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=16/${la}/${lo}`;
};

/** A facility center's own page: its image, place and map, hours, manager, phone and services. */
const FacilityDetail = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <Loading />;
  const file: unknown = record.file;
  const map = mapLink(record.lat, record.long);
  const services = Array.isArray(record.services) ? (record.services as { id: number; title: string }[]) : [];
  const place = [(record.district as Titled)?.title, (record.tehsil as Titled)?.title, (record.area as Titled)?.title].filter(Boolean).join(' › ');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1000 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {String(record.title ?? '')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {isFileValue(file) ? (
            <Box>
              <MediaPreview file={file} label={translate(`${K}.fields.file`)} size={240} />
            </Box>
          ) : null}
          <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 0.75 }}>
            <Detail label={`${K}.fields.status`}>
              <StatusChip />
            </Detail>
            <Detail label={`${K}.place`}>{place}</Detail>
            <Detail label={`${K}.fields.location`}>{String(record.location ?? '')}</Detail>
            <Detail label={`${K}.position`}>
              {map ? (
                <Link href={map} target="_blank" rel="noopener noreferrer">
                  <bdi>{`${String(record.lat)}, ${String(record.long)}`}</bdi> — {translate(`${K}.open_map`)}
                </Link>
              ) : null}
            </Detail>
            <Detail label={`${K}.hours`}>
              <bdi>{`${String(record.open_time ?? '')}–${String(record.close_time ?? '')}`}</bdi>
            </Detail>
            <Detail label={`${K}.fields.manager`}>{String(record.manager ?? '')}</Detail>
            <Detail label={`${K}.fields.phone_no`}>
              {record.phone_no ? (
                <Link href={`tel:${String(record.phone_no)}`}>
                  <bdi>{String(record.phone_no)}</bdi>
                </Link>
              ) : (
                '—'
              )}
            </Detail>
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate(`${K}.fields.services`)}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
            {services.map((s) => (
              <li key={s.id}>
                <Chip label={s.title} />
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};

export const FacilityShow = () => (
  <Show component="div" actions={false}>
    <FacilityDetail />
  </Show>
);
