import { forwardRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  Logout,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { AppSearch } from './AppSearch';
import { LanguageMenu } from './LanguageMenu';
import { NotificationBell } from './NotificationBell';
import { ThemeSettingsButton } from './ThemeSettings';

interface UserMenuLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
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

/** The user's initial, shown by the profile button when no photo has been uploaded. */
const InitialAvatar = () => {
  const { identity } = useGetIdentity();
  const initial = identity?.fullName?.trim().charAt(0).toUpperCase();
  // Decorative: the button's name is the admin's name beside it. The letter is drawn by CSS, so that the
  // button's text is the name alone and its accessible name can start with it (WCAG 2.5.3). It sits in a
  // child of its own: an Avatar without children draws its fallback person icon over the letter.
  return (
    <Avatar aria-hidden sx={{ width: 28, height: 28, fontSize: '0.875rem', bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
      {initial ? <Box component="span" data-initial={initial} sx={{ lineHeight: 1, '&::before': { content: JSON.stringify(initial) } }} /> : <PersonIcon fontSize="small" />}
    </Avatar>
  );
};

/** Profile menu: Profile, Change Password, Log out (spec 1 section 2.4); react-admin shows the avatar and name. */
export const AppUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  // where the button shows the admin's name, its accessible name starts with it too (WCAG 2.5.3), then says what it opens
  const name = wide && identity?.fullName ? `${identity.fullName}, ${translate('ra.auth.user_menu')}` : 'ra.auth.user_menu';
  return (
    <UserMenu icon={<InitialAvatar />} label={name}>
      <UserMenuLink to="/admins/profile" label="app.menu.profile" icon={<PersonIcon fontSize="small" />} />
      <UserMenuLink to="/admins/changePassword" label="app.menu.change_password" icon={<LockIcon fontSize="small" />} />
      <Logout />
    </UserMenu>
  );
};

/** The logo followed by the product's text label (spec 1 section 1). */
const Logo = () => {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to="/dashboard"
      // on a phone the text is hidden, and the link still needs a name
      aria-label={translate('app.title')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        marginInlineEnd: 2,
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
      }}
    >
      <LocalHospitalIcon />
      <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 600, display: { xs: 'none', sm: 'inline' } }}>
        {translate('app.title')}
      </Typography>
    </Box>
  );
};

/** react-admin's loading indicator, its spinner named (it passes other props to the spinner): a progressbar needs a name. */
const NamedLoadingIndicator = () => {
  const translate = useTranslate();
  const named = { 'aria-label': translate('ra.page.loading') } as Record<string, string>;
  return <LoadingIndicator {...named} />;
};

/** Search (Ctrl+K), refresh (react-admin's loading indicator), notifications bell, theme settings. */
const AppBarToolbar = () => (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <AppSearch />
    <NamedLoadingIndicator />
    <LanguageMenu />
    <NotificationBell />
    <ThemeSettingsButton />
  </Box>
);

export const AppBar = () => (
  <RaAppBar color="primary" userMenu={<AppUserMenu />} toolbar={<AppBarToolbar />}>
    <Logo />
    {/* on a phone the bar's icons left the title 4-5 letters: there the breadcrumbs under the bar name the page whole */}
    <TitlePortal sx={{ visibility: { xs: 'hidden', sm: 'visible' } }} />
  </RaAppBar>
);
