import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Loading, Show, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Detail, ProfileActions, ProfileHeader } from '../common/people';
import { formatDate } from '../../i18n/dates';
import { TasksOf } from '../tasks/TasksOf';

type Titled = { title?: string; lat?: number; long?: number } | null;

/** The CHW's place: district › tehsil › VC area, with the area's coordinates (no map). */
const PlaceCard = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const [district, tehsil, area] = [record.district, record.tehsil, record.area] as Titled[];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 0.75 }}>
        <Typography variant="h6" component="h2">
          {translate('resources.chw.place')}
        </Typography>
        <Typography>{[district?.title, tehsil?.title, area?.title].filter(Boolean).join(' › ')}</Typography>
        {area?.lat != null && area.long != null ? (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.chw.coordinates', { lat: area.lat, long: area.long })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
};

const ChwProfile = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return <Loading />;
  const qualification = record.qualification as Titled;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <ProfileActions />
      <ProfileHeader>
        <Detail label="resources.chw.fields.email">{record.email ?? ''}</Detail>
        <Detail label="resources.chw.fields.number">{record.phone_no ?? ''}</Detail>
        <Detail label="resources.chw.fields.cnic">{record.cnic ?? ''}</Detail>
        <Detail label="resources.chw.fields.qualification_id">{qualification?.title ?? ''}</Detail>
        <Detail label="resources.chw.fields.joining_date">{formatDate((record.joining_date as string | null) ?? null, locale)}</Detail>
      </ProfileHeader>
      <PlaceCard />
      <TasksOf filter={{ chw_id: record.id }} title="resources.chw.tasks" empty="resources.chw.no_tasks" />
    </Box>
  );
};

export const ChwShow = () => (
  <Show component="div" actions={false}>
    <ChwProfile />
  </Show>
);
