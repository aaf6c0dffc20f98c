import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';
import { useCanAccess, useGetOne, useGetResourceLabel, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceName } from '../../contract/resources';
import { resources } from '../resources';

/** Second segments that name a screen rather than a record. */
const SCREEN_SEGMENTS: Record<string, string> = {
  create: 'ra.action.create',
  // a record added under its parent: /prescriptions/add/<patient id>
  add: 'ra.action.create',
  // the spec's record routes (/x/edit/<id>, /x/show/<id>), on their way to react-admin's: no record is named "edit"
  edit: 'ra.action.edit',
  show: 'ra.action.show',
  profile: 'app.page.profile',
  changePassword: 'app.page.change_password',
};

const isResource = (segment: string): segment is ResourceName => Object.hasOwn(resources, segment);

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const humanize = (segment: string): string => {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What a record is called: the resource's recordRepresentation, as react-admin's own titles use it. */
export const recordLabel = (resource: ResourceName, record: RaRecord): string => {
  const representation = resources[resource].recordRepresentation;
  if (typeof representation === 'function') return representation(record);
  const value: unknown = record[representation];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : `#${record.id}`;
};

/**
 * The open record's name. The edit and show pages load the same record with the same query key,
 * so this reads react-query's cache instead of making a second call.
 */
const RecordCrumb = ({ resource, id }: { resource: ResourceName; id: string }) => {
  const { canAccess = false, isPending } = useCanAccess({ resource, action: 'show' });
  const { data, error } = useGetOne(resource, { id }, { enabled: canAccess });
  if (data) return <>{recordLabel(resource, data)}</>;
  if (error || (!isPending && !canAccess)) return <>{id}</>;
  return <Skeleton variant="text" width={80} sx={{ display: 'inline-block' }} />;
};

const useFirstSegmentLabel = () => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  // Screens that are not resources (dashboard, authorization) have a label under app.layout.paths;
  // resources use their menu label (app-users: Patients) or their plural name.
  return (segment: string) =>
    translate(`app.layout.paths.${segment}`, {
      _: translate(`resources.${segment}.menu`, { _: getResourceLabel(segment, 2) }),
    });
};

/** Home › the first two path segments, with the open record's name in place of its id. */
export const Breadcrumbs = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const firstLabel = useFirstSegmentLabel();
  const [first, second] = pathname.split('/').filter(Boolean).slice(0, 2).map(decode);

  const crumbs: { key: string; to: string; label: ReactNode }[] = [];
  if (first !== undefined) crumbs.push({ key: first, to: `/${encodeURIComponent(first)}`, label: firstLabel(first) });
  if (first !== undefined && second !== undefined) {
    // a module's own screens (/pages/privacy-policy) name themselves; anything else there is a record's id
    const screen = SCREEN_SEGMENTS[second] ?? (isResource(first) ? resources[first].routes?.find((r) => r.path === second)?.label : undefined);
    const label = screen
      ? translate(screen)
      : isResource(first)
        ? <RecordCrumb resource={first} id={second} />
        : translate(`app.layout.paths.${second}`, { _: humanize(second) });
    crumbs.push({ key: `${first}/${second}`, to: pathname, label });
  }

  return (
    <MuiBreadcrumbs
      aria-label={translate('app.layout.breadcrumbs')}
      // U+203A is mirrored by the bidirectional algorithm, so it points the right way in Arabic too.
      separator="›"
      sx={{ py: 1.5, paddingInline: 1, fontSize: '0.875rem', lineHeight: 1.5, '& li': { display: 'flex', alignItems: 'center' } }}
    >
      <Link
        component={RouterLink}
        to="/dashboard"
        underline="hover"
        color="inherit"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <HomeIcon sx={{ fontSize: '1.1em' }} />
        {translate('app.layout.home')}
      </Link>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.key} color="text.primary" fontSize="inherit" aria-current="page">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.key} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
};
