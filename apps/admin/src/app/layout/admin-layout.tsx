import { AdminLayoutMessages, DashboardMessages, HeaderMessages } from '@jibs/domain';
import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Group,
  NavLink,
  Overlay,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useLanguage, useMessages, useSession, useSessionManager } from '@jibs/web-data';
import { HijriToggle, LanguageSwitcher } from '@jibs/web-ui';
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
import { DeferredScrollArea } from './deferred-scroll-area';
import { DeferredTooltip as Tooltip } from './deferred-tooltip';
import { readSidebarOpen, sidebarCookie } from './sidebar-state';
import { AuditIcon } from '../../features/audit/components/audit-icon';
import { ExportsIcon } from '../../features/exports/components/exports-icon';
import { WebhooksIcon } from '../../features/webhooks/components/webhooks-icon';
import { FundIcon } from '../../features/fund/components/fund-icon';
import { OperationsIcon } from '../../features/operations/components/operations-icon';
import { useSaveProfileLanguage } from '../../features/session/hooks/use-profile-language';

/** Mantine's `sm` breakpoint is 48em: the spec's 768px mobile breakpoint. */
const MOBILE_QUERY = '(max-width: 47.99em)';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

/** The sidebar's links, in the reader's language. */
function navigation(layout: typeof AdminLayoutMessages, dashboard: typeof DashboardMessages) {
  const main: NavItem[] = [
    { label: layout.dashboard, to: '/', icon: <DashboardIcon /> },
    { label: layout.users, to: '/users', icon: <UsersIcon /> },
    { label: dashboard.deathReports, to: '/death-reports', icon: <ReportIcon /> },
    { label: layout.janazahNotices, to: '/janazah', icon: <ReportIcon /> },
    { label: layout.documents, to: '/documents', icon: <DocumentIcon /> },
    { label: layout.fund, to: '/fund', icon: <FundIcon /> },
  ];
  const system: NavItem[] = [
    { label: layout.settings, to: '/settings', icon: <SettingsIcon /> },
    { label: layout.testing, to: '/testing', icon: <TestingIcon /> },
    { label: layout.auditTrail, to: '/audit', icon: <AuditIcon /> },
    { label: layout.exports, to: '/exports', icon: <ExportsIcon /> },
    { label: layout.webhooks, to: '/webhooks', icon: <WebhooksIcon /> },
    { label: layout.operations, to: '/operations', icon: <OperationsIcon /> },
  ];
  return { main, system };
}

/**
 * The admin layout (spec: Admin layout): a collapsible 'Admin Panel' sidebar (16rem, 3rem in
 * icon mode, 18rem as a drawer below 768px), Ctrl/Cmd+B to toggle it, its state kept in a
 * cookie for 7 days; the header names the signed-in admin and holds the language switcher and
 * the Hijri choice (saved on the admin's profile). In Arabic and Urdu the sidebar is on the right.
 */
export function AdminLayout() {
  const {
    AdminLayoutMessages: layout,
    DashboardMessages: dashboard,
    HeaderMessages: header,
  } = useMessages({ AdminLayoutMessages, DashboardMessages, HeaderMessages });
  const { saveLanguage, saveHijri } = useSaveProfileLanguage();
  const rtl = useLanguage().locale !== 'en';
  const nav = navigation(layout, dashboard);
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
      <Tooltip key={entry.to} label={entry.label} position={rtl ? 'left' : 'right'} withArrow>
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

  const backLabel = layout.backToSite;
  const signOutLabel = signingOut ? layout.signingOut : header.signOut;
  const tooltipSide = rtl ? 'left' : 'right';

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
              aria-label={mobileOpened ? layout.closeSidebar : layout.openSidebar}
              aria-expanded={mobileOpened}
              aria-controls="admin-sidebar"
            />
            <Tooltip label={layout.toggleSidebar} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={() => setExpanded((open) => !open)}
                aria-label={expanded ? layout.collapseSidebar : layout.expandSidebar}
                aria-expanded={expanded}
                aria-controls="admin-sidebar"
              >
                <SidebarIcon />
              </ActionIcon>
            </Tooltip>
            <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
              {layout.consoleName}
            </Text>
          </Group>
          {/* On a phone a long first name is cut with an ellipsis rather than pushing the
              avatar off the screen. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Group gap="sm" wrap="nowrap" visibleFrom="xs">
              <HijriToggle onChosen={saveHijri} />
            </Group>
            <LanguageSwitcher onChosen={saveLanguage} />
            <Text size="sm" truncate="end" title={layout.loggedInAs(firstName)}>
              {layout.loggedInAsLead}{' '}
              <strong>
                <bdi>{firstName}</bdi>
              </strong>
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
        aria-label={layout.adminPanel}
        p={iconMode ? 4 : 'sm'}
        className={classes.navbar}
      >
        <AppShell.Section>
          {iconMode ? (
            <VisuallyHidden>{layout.adminPanel}</VisuallyHidden>
          ) : (
            <Text fw={700} size="lg" px="sm" py="xs">
              {layout.adminPanel}
            </Text>
          )}
        </AppShell.Section>
        <AppShell.Section grow component={DeferredScrollArea}>
          <Stack gap={2}>
            {sectionTitle(layout.mainNavigation)}
            {nav.main.map(item)}
            {sectionTitle(layout.system)}
            {nav.system.map(item)}
            {wrapIcon(
              iconMode,
              tooltipSide,
              backLabel,
              <NavLink
                href="/dashboard"
                leftSection={
                  <Mirrored rtl={rtl}>
                    <BackIcon />
                  </Mirrored>
                }
                label={iconMode ? <VisuallyHidden>{backLabel}</VisuallyHidden> : backLabel}
                styles={iconMode ? { root: { paddingInline: 6 } } : undefined}
              />,
            )}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="sm">
          {wrapIcon(
            iconMode,
            tooltipSide,
            header.signOut,
            <NavLink
              component="button"
              type="button"
              onClick={() => void signOut()}
              disabled={signingOut}
              leftSection={
                <Mirrored rtl={rtl}>
                  <SignOutIcon />
                </Mirrored>
              }
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

function wrapIcon(iconMode: boolean, side: 'left' | 'right', label: string, child: ReactNode) {
  return iconMode ? (
    <Tooltip label={label} position={side} withArrow>
      <div>{child}</div>
    </Tooltip>
  ) : (
    child
  );
}

/** An icon that points a way (back, out) points the other way in a right-to-left language. */
function Mirrored({ rtl, children }: { rtl: boolean; children: ReactNode }) {
  return (
    <span style={{ display: 'inline-flex', transform: rtl ? 'scaleX(-1)' : undefined }}>
      {children}
    </span>
  );
}
