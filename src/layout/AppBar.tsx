import { forwardRef } from 'react';
import { Link } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import PersonIcon from '@mui/icons-material/Person';
import LockIcon from '@mui/icons-material/Lock';
import { AppBar as RaAppBar, Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';

interface UserMenuLinkProps {
  to: string;
  label: string;
  icon: React.ReactNode;
}

const UserMenuLink = forwardRef<HTMLAnchorElement, UserMenuLinkProps>(function UserMenuLink({ to, label, icon }, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} ref={ref} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
});

/** Profile menu: Profile, Change Password, Log out (spec 1 section 2.4). */
export const AppUserMenu = () => (
  <UserMenu>
    <UserMenuLink to="/admins/profile" label="app.menu.profile" icon={<PersonIcon fontSize="small" />} />
    <UserMenuLink to="/admins/changePassword" label="app.menu.change_password" icon={<LockIcon fontSize="small" />} />
    <Logout />
  </UserMenu>
);

export const AppBar = () => <RaAppBar color="primary" userMenu={<AppUserMenu />} />;
