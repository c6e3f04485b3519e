import {
  AdminOpsMessages,
  AdminSettingsPageMessages,
  HeaderMessages,
  SignInMessages,
} from '@jibs/domain';
import {
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { SandboxRenewalPanel } from '../../billing/components/sandbox-renewal-panel';
import { useDocumentTitle } from '@jibs/web-ui';
import { registrationComplete, useSession, useSessionManager } from '@jibs/web-data';

interface ScreenLink {
  to: string;
  label: string;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const ADMIN_LINKS: ScreenLink[] = [
  { to: '/admin', label: 'Admin dashboard' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/death-reports', label: AdminOpsMessages.tableDeathReports },
  { to: '/admin/documents', label: 'Documents' },
  { to: '/admin/settings', label: 'Settings' },
];

const MEMBER_LINKS: ScreenLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/submit-death', label: 'Submit death report' },
  { to: '/upload', label: 'Upload documents' },
  { to: '/profile', label: 'Profile' },
];

const PUBLIC_LINKS: ScreenLink[] = [
  { to: '/login', label: SignInMessages.signIn },
  { to: '/register', label: 'Register' },
  { to: '/', label: 'Home' },
];

/** A page for checking the site: who is signed in, and a link to each screen. */
export function TestingPage() {
  const { user } = useSession();
  const session = useSessionManager();
  const navigate = useNavigate();
  const isAdmin = user?.role === 'ADMIN';
  useDocumentTitle('Testing Interface');

  const signOut = () => {
    // Leave first, so no guard sends the visitor to /login on the way out.
    navigate('/');
    void session.signOut();
  };

  return (
    <Container size={960} px="lg" py={{ base: 40, md: 64 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Testing Interface</Title>
          <Text size="lg" c="gray.7">
            Check who is signed in and open any screen of the site.
          </Text>
        </Stack>

        <Paper
          component="section"
          aria-labelledby="testing-account-title"
          withBorder
          bg="white"
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
        >
          <Title order={2} size="h3" id="testing-account-title" mb="md">
            Current user
          </Title>
          {user ? (
            <Group justify="space-between" gap="md">
              <Stack gap={4}>
                <Text>
                  <Text span c="gray.7">
                    Email:{' '}
                  </Text>
                  <Text span fw={600}>
                    {user.email}
                  </Text>
                </Text>
                <Group gap="xs">
                  <Text span c="gray.7">
                    Role:
                  </Text>
                  <Badge color={isAdmin ? 'jibs' : 'gray'} variant="light" size="lg">
                    {isAdmin ? 'Admin' : 'Member'}
                  </Badge>
                </Group>
              </Stack>
              <Button variant="default" onClick={signOut}>
                {HeaderMessages.signOut}
              </Button>
            </Group>
          ) : (
            <Group justify="space-between" gap="md">
              <Text fw={600}>Not signed in</Text>
              <Button component={Link} to="/login" variant="default">
                {HeaderMessages.signIn}
              </Button>
            </Group>
          )}
        </Paper>

        {user && !isAdmin && registrationComplete(user) && <SandboxRenewalPanel />}

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <LinkGroup
            id="testing-admin"
            title="Admin screens"
            links={ADMIN_LINKS}
            disabledNote={isAdmin ? undefined : AdminSettingsPageMessages.ownerAdmins}
          />
          <LinkGroup id="testing-member" title="Member screens" links={MEMBER_LINKS} />
          <LinkGroup id="testing-public" title="Public screens" links={PUBLIC_LINKS} />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function LinkGroup({
  id,
  title,
  links,
  disabledNote,
}: {
  id: string;
  title: string;
  links: ScreenLink[];
  /** When set, the links are shown but cannot be followed, with this note. */
  disabledNote?: string;
}) {
  return (
    <Paper component="nav" aria-labelledby={`${id}-title`} withBorder bg="white" radius="lg" p="lg">
      <Title order={2} size="h4" id={`${id}-title`} mb={disabledNote ? 4 : 'sm'}>
        {title}
      </Title>
      {disabledNote && (
        <Text size="sm" c="gray.7" mb="sm">
          {disabledNote}
        </Text>
      )}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {links.map((link) => (
          <li key={link.to}>
            {disabledNote ? (
              <Text c="gray.6" aria-disabled="true">
                {link.label}{' '}
                <Code c="gray.6" style={NO_WRAP}>
                  {link.to}
                </Code>
              </Text>
            ) : (
              <Anchor component={Link} to={link.to}>
                {link.label} <Code style={NO_WRAP}>{link.to}</Code>
              </Anchor>
            )}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
