import { useState, type ReactNode } from 'react';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SettingsIcon from '@mui/icons-material/Settings';
import PlaceIcon from '@mui/icons-material/Place';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu as RaMenu, useGetResourceLabel, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import type { ResourceName } from '../../contract/resources';
import { canAccess } from '../providers/permissions';
import { resources } from '../resources';

/** A sidebar entry: a resource's list, or a titled group of entries. */
export type MenuNode = ResourceName | { label: string; icon: ReactNode; children: MenuNode[] };

/** Sidebar order of spec 1 section 2.4, limited to the modules this console has so far. */
export const MENU_TREE: MenuNode[] = [
  'admins',
  'roles',
  {
    label: 'app.menu.setting',
    icon: <SettingsIcon />,
    children: [
      'qualifications',
      'specializations',
      {
        label: 'app.menu.location',
        icon: <PlaceIcon />,
        children: ['districts', 'tehsils', 'areas', 'cities', 'countries'],
      },
    ],
  },
];

/** The tree with the entries the permissions do not allow removed, and groups left empty dropped. */
export const visibleMenu = (nodes: MenuNode[], permissions: readonly string[]): MenuNode[] =>
  nodes.flatMap((node): MenuNode[] => {
    if (typeof node === 'string') return canAccess(permissions, { resource: node, action: 'list' }) ? [node] : [];
    const children = visibleMenu(node.children, permissions);
    return children.length > 0 ? [{ ...node, children }] : [];
  });

const ResourceEntry = ({ name, depth }: { name: ResourceName; depth: number }) => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const Icon = resources[name].icon;
  return (
    <RaMenu.Item
      to={`/${name}`}
      primaryText={translate(`resources.${name}.menu`, { _: getResourceLabel(name, 2) })}
      leftIcon={<Icon />}
      sx={{ pl: depth > 0 ? 2 + depth * 2 : undefined }}
    />
  );
};

const MenuGroup = ({ label, icon, nodes, depth }: { label: string; icon: ReactNode; nodes: MenuNode[]; depth: number }) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(true);
  const text = translate(label);
  const header = (
    <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} sx={{ pl: depth > 0 ? 2 + depth * 2 : 2 }}>
      <ListItemIcon sx={{ minWidth: 5 }}>{icon}</ListItemIcon>
      {sidebarOpen ? <ListItemText primary={text} sx={{ ml: 2 }} /> : null}
      {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
    </ListItemButton>
  );
  return (
    <>
      {sidebarOpen ? header : <Tooltip title={text} placement="right">{header}</Tooltip>}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding>
          <MenuEntries nodes={nodes} depth={depth + 1} />
        </List>
      </Collapse>
    </>
  );
};

const MenuEntries = ({ nodes, depth }: { nodes: MenuNode[]; depth: number }) => (
  <>
    {nodes.map((node) =>
      typeof node === 'string' ? (
        <ResourceEntry key={node} name={node} depth={depth} />
      ) : (
        <MenuGroup key={node.label} label={node.label} icon={node.icon} nodes={node.children} depth={depth} />
      ),
    )}
  </>
);

/** Sidebar: Dashboard for everyone, then the entries the stored permissions allow. */
export const Menu = () => {
  const { permissions } = usePermissions<string[]>();
  const nodes = visibleMenu(MENU_TREE, permissions ?? []);
  return (
    <RaMenu>
      <RaMenu.Item to="/dashboard" primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
      <MenuEntries nodes={nodes} depth={0} />
    </RaMenu>
  );
};
