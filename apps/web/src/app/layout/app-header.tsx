import { HeaderMessages, SiteMessages } from '@jibs/domain';
import { Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { WithApollo } from '../../shared/apollo/with-apollo';
import { headerShowsRegistrationOnly } from '../../features/session/utils/route-access';
import { useMessages, useSession, useSessionManager } from '@jibs/web-data';
import { LanguageSwitcher } from '@jibs/web-ui';
import classes from './app-header.module.css';

// Only members see the bell, and it reads through Apollo: it loads when someone signs in.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

const MenuDrawer = lazy(() => import('./menu-drawer'));

const NAVIGATION = [
  { to: '/memorials', label: 'memorials' },
  { to: '/janazah', label: 'janazah' },
  { to: '/faq', label: 'faq' },
  { to: '/contact', label: 'contact' },
] as const;

export function AppHeader() {
  const { HeaderMessages: header, SiteMessages: site } = useMessages({
    HeaderMessages,
    SiteMessages,
  });
  const state = useSession();
  const { status, user } = state;
  const session = useSessionManager();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer's code loads on the first open; it then stays mounted for its closing transition.
  const [menuUsed, setMenuUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const toggleMenu = () => {
    setMenuUsed(true);
    menu.toggle();
  };

  // A signed-in member's choice is stored on their profile too (a failed save leaves the switch).
  const languageSwitcher = (
    <LanguageSwitcher
      onChosen={(language) => user && void session.saveLanguageChoice({ language })}
    />
  );

  const signOut = () => {
    menu.close();
    // Leave the member screens first, so no guard sends the visitor to /login on the way out.
    navigate('/');
    void session.signOut();
  };

  const navLinks = (onNavigate?: () => void) =>
    NAVIGATION.map((item) => (
      <Anchor
        key={item.to}
        component={NavLink}
        to={item.to}
        className={classes.navLink}
        underline="hover"
        onClick={onNavigate}
      >
        {header[item.label]}
      </Anchor>
    ));

  const account = (stacked: boolean) =>
    user ? (
      <>
        {user.role === 'ADMIN' && (
          <Button
            component="a"
            href="/admin"
            variant="subtle"
            fullWidth={stacked}
            onClick={menu.close}
          >
            {header.admin}
          </Button>
        )}
        <Button
          component={Link}
          to="/dashboard"
          variant="light"
          fullWidth={stacked}
          onClick={menu.close}
          title={header.yourDashboard}
          // Capped in the wide header; in the menu it spans the width like the buttons under it.
          className={stacked ? undefined : classes.nameLink}
        >
          {user.firstName}
        </Button>
        <Button
          variant={stacked ? 'outline' : 'subtle'}
          color="gray"
          fullWidth={stacked}
          onClick={signOut}
        >
          {header.signOut}
        </Button>
      </>
    ) : status === 'signed-out' ? (
      <>
        <Button
          component={Link}
          to="/login"
          variant="default"
          fullWidth={stacked}
          onClick={menu.close}
        >
          {header.signIn}
        </Button>
        <Button component={Link} to="/register" fullWidth={stacked} onClick={menu.close}>
          {header.register}
        </Button>
      </>
    ) : null;

  const brand = (
    <Anchor
      component={Link}
      to="/"
      className={classes.brand}
      underline="never"
      aria-label={header.home}
    >
      JIBS
    </Anchor>
  );

  // During registration (or on /register) only 'Completing Registration...' and the way out
  // (spec 2, Header); the bell comes with the rest of the header once registration is complete.
  if (headerShowsRegistrationOnly(state, pathname)) {
    return (
      <Box className={classes.header}>
        <div className={`${classes.inner} ${classes.innerRegistering}`}>
          {brand}
          <Text className={classes.registering} c="gray.7" fw={500}>
            {site.completingRegistration}
          </Text>
          <Group gap="sm" wrap="nowrap" className={classes.end}>
            {languageSwitcher}
            {user && (
              <Button variant="subtle" color="gray" px={{ base: 'xs', sm: 'md' }} onClick={signOut}>
                {header.signOut}
              </Button>
            )}
          </Group>
        </div>
      </Box>
    );
  }

  return (
    <Box className={classes.header}>
      <div className={classes.inner}>
        {brand}

        <Group component="nav" aria-label={header.mainNavigation} gap="lg" visibleFrom="sm">
          {navLinks()}
        </Group>

        <Group gap="sm" wrap="nowrap" className={classes.end}>
          {languageSwitcher}
          {user && (
            <WithApollo>
              <NotificationBell />
            </WithApollo>
          )}
          <Group gap="sm" wrap="nowrap" visibleFrom="sm">
            {account(false)}
          </Group>
          <Burger
            opened={menuOpened}
            ref={menuButton}
            onClick={toggleMenu}
            hiddenFrom="sm"
            aria-label={menuOpened ? header.closeMenu : header.openMenu}
            // Screen readers hear that it opens a dialog, and whether it is open.
            aria-haspopup="dialog"
            aria-expanded={menuOpened}
          />
        </Group>
      </div>

      {menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer
            opened={menuOpened}
            onClose={menu.close}
            onClosed={() => menuButton.current?.focus()}
            navigation={navLinks(menu.close)}
            account={account(true)}
          />
        </Suspense>
      )}
    </Box>
  );
}
