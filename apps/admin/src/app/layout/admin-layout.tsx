import { AdminOpsMessages, DashboardMessages, HeaderMessages } from '@jibs/domain';
import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Group,
  NavLink,
  Overlay,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useSession, useSessionManager } from '@jibs/web-data';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  BackIcon,
  DashboardIcon,
  DocumentIcon,
  ReportIcon,
  SettingsIcon,
  SidebarIcon,
  SignOutIcon,
  TestingIcon,
  UsersIcon,
} from './icons';
import classes from './admin-layout.module.css';
import { readSidebarOpen, sidebarCookie } from './sidebar-state';
import { AuditIcon } from '../../features/audit/components/audit-icon';
import { ExportsIcon } from '../../features/exports/components/exports-icon';
import { WebhooksIcon } from '../../features/webhooks/components/webhooks-icon';
import { FundIcon } from '../../features/fund/components/fund-icon';
import { OperationsIcon } from '../../features/operations/components/operations-icon';

/** Mantine's `sm` breakpoint is 48em: the spec's 768px mobile breakpoint. */
const MOBILE_QUERY = '(max-width: 47.99em)';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

const MAIN_NAVIGATION: NavItem[] = [
  { label: 'Dashboard', to: '/', icon: <DashboardIcon /> },
  { label: 'Users', to: '/users', icon: <UsersIcon /> },
  { label: DashboardMessages.deathReports, to: '/death-reports', icon: <ReportIcon /> },
  { label: AdminOpsMessages.janazahTitle, to: '/janazah', icon: <ReportIcon /> },
  { label: 'Documents', to: '/documents', icon: <DocumentIcon /> },
  { label: 'Fund', to: '/fund', icon: <FundIcon /> },
];

const SYSTEM_NAVIGATION: NavItem[] = [
  { label: 'Settings', to: '/settings', icon: <SettingsIcon /> },
  { label: 'Testing & Documentation', to: '/testing', icon: <TestingIcon /> },
  { label: AdminOpsMessages.auditTitle, to: '/audit', icon: <AuditIcon /> },
  { label: 'Exports', to: '/exports', icon: <ExportsIcon /> },
  { label: 'Webhooks', to: '/webhooks', icon: <WebhooksIcon /> },
  { label: 'Operations', to: '/operations', icon: <OperationsIcon /> },
];

/**
 * The admin layout (spec: Admin layout): a collapsible 'Admin Panel' sidebar (16rem, 3rem in
 * icon mode, 18rem as a drawer below 768px), Ctrl/Cmd+B to toggle it, its state kept in a
 * cookie for 7 days; the header names the signed-in admin.
 */
export function AdminLayout() {
  const session = useSession();
  const manager = useSessionManager();
  const location = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [mobileOpened, mobile] = useDisclosure(false);
  const [expanded, setExpanded] = useState(() => readSidebarOpen(document.cookie));
  const [signingOut, setSigningOut] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const navbar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.cookie = sidebarCookie(expanded);
  }, [expanded]);

  // A link followed in the drawer closes it.
  useEffect(() => {
    mobile.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  // Closing the drawer with the focus in it gives the focus back to the burger (the closed drawer
  // is inert, so the focus would otherwise be lost to the page).
  const closeMobile = () => {
    if (mobileOpened && navbar.current?.contains(document.activeElement)) burger.current?.focus();
    mobile.close();
  };
  const toggle = () =>
    isMobile ? (mobileOpened ? closeMobile() : mobile.open()) : setExpanded((open) => !open);
  useHotkeys([
    ['mod+B', toggle],
    ['Escape', closeMobile],
  ]);

  const iconMode = !isMobile && !expanded;
  const firstName = session.user?.firstName ?? '';

  const signOut = async () => {
    setSigningOut(true);
    // The admin gate then takes the browser to the home page (one navigation, not two racing).
    await manager.signOut();
  };

  const isActive = (to: string) =>
    to === '/' ? location.pathname === '/' : location.pathname.startsWith(to);

  const item = (entry: NavItem) => {
    const link = (
      <NavLink
        key={entry.to}
        component={Link}
        to={entry.to}
        active={isActive(entry.to)}
        aria-current={isActive(entry.to) ? 'page' : undefined}
        leftSection={entry.icon}
        label={iconMode ? <VisuallyHidden>{entry.label}</VisuallyHidden> : entry.label}
        styles={iconMode ? { root: { paddingInline: 6 } } : undefined}
      />
    );
    return iconMode ? (
      <Tooltip key={entry.to} label={entry.label} position="right" withArrow>
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  const sectionTitle = (title: string) =>
    iconMode ? (
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
    ) : (
      <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mt="md" mb={4}>
        {title}
      </Text>
    );

  const backLabel = 'Back to Site';
  const signOutLabel = signingOut ? 'Signing out...' : HeaderMessages.signOut;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: { base: '18rem', sm: expanded ? '16rem' : '3rem' },
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burger}
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close sidebar' : 'Open sidebar'}
              aria-expanded={mobileOpened}
              aria-controls="admin-sidebar"
            />
            <Tooltip label="Toggle sidebar (Ctrl/Cmd+B)" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={() => setExpanded((open) => !open)}
                aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
                aria-expanded={expanded}
                aria-controls="admin-sidebar"
              >
                <SidebarIcon />
              </ActionIcon>
            </Tooltip>
            <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
              JIBS Admin
            </Text>
          </Group>
          {/* On a phone a long first name is cut with an ellipsis rather than pushing the
              avatar off the screen. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text size="sm" truncate="end" title={`Logged in as ${firstName}`}>
              Logged in as <strong>{firstName}</strong>
            </Text>
            <Avatar color="jibs" radius="xl" size="md" aria-hidden="true" style={{ flexShrink: 0 }}>
              {firstName.charAt(0).toUpperCase()}
            </Avatar>
          </Group>
        </Group>
      </AppShell.Header>

      {/* On a phone the open drawer dims the page behind it; a tap there closes it (as Escape
          does). Not announced: the drawer's own burger and Escape are the keyboard's way. */}
      {isMobile && mobileOpened && (
        <Overlay
          fixed
          color="#000"
          backgroundOpacity={0.4}
          zIndex={99}
          onClick={closeMobile}
          aria-hidden="true"
          data-testid="admin-drawer-backdrop"
        />
      )}
      <AppShell.Navbar
        ref={navbar}
        id="admin-sidebar"
        // The closed drawer is only moved off screen: out of the tab order and the accessibility
        // tree while it is closed.
        inert={isMobile && !mobileOpened}
        aria-label="Admin Panel"
        p={iconMode ? 4 : 'sm'}
        className={classes.navbar}
      >
        <AppShell.Section>
          {iconMode ? (
            <VisuallyHidden>Admin Panel</VisuallyHidden>
          ) : (
            <Text fw={700} size="lg" px="sm" py="xs">
              Admin Panel
            </Text>
          )}
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {sectionTitle('Main Navigation')}
            {MAIN_NAVIGATION.map(item)}
            {sectionTitle('System')}
            {SYSTEM_NAVIGATION.map(item)}
            {wrapIcon(
              iconMode,
              backLabel,
              <NavLink
                href="/dashboard"
                leftSection={<BackIcon />}
                label={iconMode ? <VisuallyHidden>{backLabel}</VisuallyHidden> : backLabel}
                styles={iconMode ? { root: { paddingInline: 6 } } : undefined}
              />,
            )}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="sm">
          {wrapIcon(
            iconMode,
            HeaderMessages.signOut,
            <NavLink
              component="button"
              type="button"
              onClick={() => void signOut()}
              disabled={signingOut}
              leftSection={<SignOutIcon />}
              label={iconMode ? <VisuallyHidden>{signOutLabel}</VisuallyHidden> : signOutLabel}
              styles={iconMode ? { root: { paddingInline: 6 } } : undefined}
            />,
          )}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

function wrapIcon(iconMode: boolean, label: string, child: ReactNode) {
  return iconMode ? (
    <Tooltip label={label} position="right" withArrow>
      <div>{child}</div>
    </Tooltip>
  ) : (
    child
  );
}
