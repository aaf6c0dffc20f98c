import { memo, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/Dashboard';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SettingsIcon from '@mui/icons-material/Settings';
import PlaceIcon from '@mui/icons-material/Place';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import CampaignIcon from '@mui/icons-material/Campaign';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu as RaMenu, useGetResourceLabel, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import type { ResourceName } from '../../contract/resources';
import { canAccess } from '../providers/permissions';
import { AUDIT_PERMISSIONS } from '../pages/audit-log';
import HistoryIcon from '@mui/icons-material/History';
import { resourceNames, resources } from '../resources';
import type { MenuGroup } from '../resources/types';
import { usePins } from './pins';

/** A screen that is not a resource list: its path, label key and the permission it needs (null: everyone). */
export interface MenuLink {
  to: string;
  label: string;
  icon: ReactNode;
  /** null: everyone; a list: any one of them */
  permission: string | readonly string[] | null;
}

/** A titled group of entries. */
export interface MenuGroupNode {
  label: string;
  icon: ReactNode;
  children: MenuNode[];
}

/** A sidebar entry: a resource's list (icon and label from the resource registry), a link, or a group. */
export type MenuNode = ResourceName | MenuLink | MenuGroupNode;

const isGroup = (node: MenuNode): node is MenuGroupNode => typeof node !== 'string' && 'children' in node;

/** Screens that are not resource lists, placed like modules. */
const LINKS: { link: MenuLink; group: MenuGroup; order: number }[] = [
  { link: { to: '/dashboard', label: 'app.menu.dashboard', icon: <DashboardIcon />, permission: null }, group: 'main', order: 0 },
  {
    link: { to: '/notifications', label: 'resources.notifications.menu', icon: <NotificationsActiveIcon />, permission: 'view_notification' },
    group: 'main',
    order: 70,
  },
  { link: { to: '/audit-log', label: 'resources.audit-log.menu', icon: <HistoryIcon />, permission: AUDIT_PERMISSIONS }, group: 'setting', order: 95 },
  { link: { to: '/promotional', label: 'resources.promotional.menu', icon: <ViewCarouselIcon />, permission: 'view_setting' }, group: 'setting', order: 5 },
  { link: { to: '/locations/import', label: 'app.import.menu', icon: <UploadFileIcon />, permission: 'create_location' }, group: 'location', order: 90 },
];

/** The titled groups of the sidebar, in the order of MENU_GROUPS; 'location' sits inside 'setting'. */
const GROUP_HEADS: Record<Exclude<MenuGroup, 'main'>, { label: string; icon: ReactNode }> = {
  programme: { label: 'app.menu.programme', icon: <CampaignIcon /> },
  content: { label: 'app.menu.content', icon: <LibraryBooksIcon /> },
  setting: { label: 'app.menu.setting', icon: <SettingsIcon /> },
  location: { label: 'app.menu.location', icon: <PlaceIcon /> },
};

/** The entries of one group, in their order: the modules placed there and the links. */
const entriesOf = (group: MenuGroup): (ResourceName | MenuLink)[] =>
  [
    ...resourceNames.flatMap((name) => {
      const menu = resources[name].menu;
      return 'group' in menu && menu.group === group ? [{ entry: name as ResourceName | MenuLink, order: menu.order }] : [];
    }),
    ...LINKS.filter((l) => l.group === group).map((l) => ({ entry: l.link, order: l.order })),
  ]
    .sort((a, b) => a.order - b.order)
    .map((e) => e.entry);

/**
 * The sidebar, built from the module registry (resources/index.ts): the main entries in the spec's
 * order (spec 1 section 2.4), then the groups. A module is placed by its own `menu` entry.
 */
export const MENU_TREE: MenuNode[] = [
  ...entriesOf('main'),
  ...(['programme', 'content'] as const).map((group) => ({ ...GROUP_HEADS[group], children: entriesOf(group) })),
  { ...GROUP_HEADS.setting, children: [...entriesOf('setting'), { ...GROUP_HEADS.location, children: entriesOf('location') }] },
].filter((node) => !isGroup(node) || node.children.length > 0);

/** Where an entry leads; pins are stored as these paths. */
export const entryPath = (node: ResourceName | MenuLink): string => (typeof node === 'string' ? `/${node}` : node.to);

/** The tree with the entries the permissions do not allow removed, and groups left empty dropped. */
export const visibleMenu = (nodes: MenuNode[], permissions: readonly string[]): MenuNode[] =>
  nodes.flatMap((node): MenuNode[] => {
    if (typeof node === 'string') return canAccess(permissions, { resource: node, action: 'list' }) ? [node] : [];
    if (!isGroup(node)) {
      const needed = node.permission;
      const allowed = needed === null || (typeof needed === 'string' ? permissions.includes(needed) : needed.some((p) => permissions.includes(p)));
      return allowed ? [node] : [];
    }
    const children = visibleMenu(node.children, permissions);
    return children.length > 0 ? [{ ...node, children }] : [];
  });

/** The tree without the pinned entries (they show in the Pinned group instead). */
export const unpinnedMenu = (nodes: MenuNode[], pins: readonly string[]): MenuNode[] =>
  nodes.flatMap((node): MenuNode[] => {
    if (!isGroup(node)) return pins.includes(entryPath(node)) ? [] : [node];
    const children = unpinnedMenu(node.children, pins);
    return children.length > 0 ? [{ ...node, children }] : [];
  });

/** The entries of the tree that are pinned, in the order they were pinned. */
export const pinnedEntries = (nodes: MenuNode[], pins: readonly string[]): (ResourceName | MenuLink)[] => {
  const leaves = (list: MenuNode[]): (ResourceName | MenuLink)[] =>
    list.flatMap((node) => (isGroup(node) ? leaves(node.children) : [node]));
  const byPath = new Map(leaves(nodes).map((leaf) => [entryPath(leaf), leaf]));
  return pins.flatMap((path) => {
    const leaf = byPath.get(path);
    return leaf === undefined ? [] : [leaf];
  });
};

/** Inline indentation of nested entries; none when the sidebar shows icons only. */
const indent = (depth: number, sidebarOpen: boolean) => (sidebarOpen && depth > 0 ? 2 + depth * 2 : undefined);

const useEntryLabel = (node: ResourceName | MenuLink): string => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  return typeof node === 'string'
    ? translate(`resources.${node}.menu`, { _: getResourceLabel(node, 2) })
    : translate(node.label);
};

// memo: the menu draws again when the permissions' answer or the pins change; an entry only when its own
// node, or what it reads (the language, the sidebar, the pins, the definitions), does.
const MenuEntry = memo(function MenuEntry({ node, depth }: { node: ResourceName | MenuLink; depth: number }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [pins, togglePin] = usePins();
  const label = useEntryLabel(node);
  const path = entryPath(node);
  const pinned = pins.includes(path);
  const Icon = typeof node === 'string' ? resources[node].icon : null;
  return (
    <Box
      sx={{
        position: 'relative',
        // The pin shows faintly until the row is hovered or the pin has the keyboard focus.
        '&:hover .app-pin, & .app-pin:focus-visible': { opacity: 1 },
      }}
    >
      <RaMenu.Item
        to={path}
        primaryText={label}
        leftIcon={Icon ? <Icon /> : typeof node === 'string' ? null : node.icon}
        // Room at the end for the pin, which sits over the entry so the entry's highlight spans the row.
        sx={{ paddingInlineStart: indent(depth, sidebarOpen), paddingInlineEnd: sidebarOpen ? 5 : undefined }}
      />
      {sidebarOpen ? (
        <IconButton
          className="app-pin"
          size="small"
          // a pin is a checkable item of the menu (ARIA allows no plain buttons inside a menu)
          role="menuitemcheckbox"
          aria-checked={pinned}
          aria-label={translate(pinned ? 'app.layout.unpin' : 'app.layout.pin', { label })}
          onClick={() => togglePin(path)}
          sx={{
            position: 'absolute',
            insetInlineEnd: 8,
            top: '50%',
            transform: 'translateY(-50%)',
            opacity: pinned ? 0.9 : 0.35,
            color: pinned ? 'primary.main' : 'text.secondary',
          }}
        >
          {pinned ? <PushPinIcon sx={{ fontSize: 16 }} /> : <PushPinOutlinedIcon sx={{ fontSize: 16 }} />}
        </IconButton>
      ) : null}
    </Box>
  );
});

const MenuGroup = memo(function MenuGroup({ node, depth }: { node: MenuGroupNode; depth: number }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const text = translate(node.label);
  const header = (
    <ListItemButton
      // a menu holds menu items (ARIA): the group's header is one, which opens and closes its group
      role="menuitem"
      onClick={() => setOpen(!open)}
      aria-expanded={open}
      aria-controls={listId}
      aria-label={sidebarOpen ? undefined : text}
      sx={{ py: 0.75, paddingInlineStart: indent(depth, sidebarOpen) ?? 2, color: 'text.secondary' }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{node.icon}</ListItemIcon>
      {sidebarOpen ? (
        <>
          <ListItemText primary={text} slotProps={{ primary: { noWrap: true } }} sx={{ my: 0 }} />
          {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </>
      ) : null}
    </ListItemButton>
  );
  return (
    <>
      {sidebarOpen ? header : <Tooltip title={text} placement="right">{header}</Tooltip>}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} component="div" role="group" aria-label={text} disablePadding>
          <MenuEntries nodes={node.children} depth={depth + 1} />
        </List>
      </Collapse>
    </>
  );
});

const MenuEntries = ({ nodes, depth }: { nodes: MenuNode[]; depth: number }) => (
  <>
    {nodes.map((node) =>
      isGroup(node) ? (
        <MenuGroup key={node.label} node={node} depth={depth} />
      ) : (
        <MenuEntry key={entryPath(node)} node={node} depth={depth} />
      ),
    )}
  </>
);

const PinnedGroup = ({ entries }: { entries: (ResourceName | MenuLink)[] }) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        variant="overline"
        color="text.secondary"
        sx={sidebarOpen ? { display: 'block', paddingInlineStart: 2, lineHeight: 2.5 } : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {translate('app.layout.pinned')}
      </Typography>
      {entries.map((node) => (
        <MenuEntry key={entryPath(node)} node={node} depth={0} />
      ))}
      <Divider sx={{ my: 0.5 }} />
    </Box>
  );
};

/** Sidebar: the pinned entries, then the tree of entries the stored permissions allow. */
export const Menu = () => {
  const { permissions } = usePermissions<string[]>();
  const [pins] = usePins();
  const visible = visibleMenu(MENU_TREE, permissions ?? []);
  const pinned = pinnedEntries(visible, pins);
  // MUI's MenuList gives its first child a tabIndex; PinnedGroup and MenuEntries ignore it, so every
  // entry keeps react-admin's own tabIndex={0} and the whole menu is reachable with the Tab key.
  return (
    <RaMenu>
      {pinned.length > 0 ? <PinnedGroup entries={pinned} /> : null}
      <MenuEntries nodes={unpinnedMenu(visible, pins)} depth={0} />
    </RaMenu>
  );
};
