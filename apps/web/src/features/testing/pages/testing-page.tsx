import { AccountTestingMessages } from '@jibs/domain';
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
import { registrationComplete, useMessages, useSession, useSessionManager } from '@jibs/web-data';

interface ScreenLink {
  to: string;
  label: string;
}

// A path reads left to right, its slash first, in every language.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type Text = typeof AccountTestingMessages;

const adminLinks = (text: Text): ScreenLink[] => [
  { to: '/admin', label: text.adminDashboard },
  { to: '/admin/users', label: text.users },
  { to: '/admin/death-reports', label: text.deathReports },
  { to: '/admin/documents', label: text.documents },
  { to: '/admin/settings', label: text.settings },
];

const memberLinks = (text: Text): ScreenLink[] => [
  { to: '/dashboard', label: text.dashboard },
  { to: '/submit-death', label: text.submitDeathReport },
  { to: '/upload', label: text.uploadDocuments },
  { to: '/profile', label: text.profile },
];

const publicLinks = (text: Text): ScreenLink[] => [
  { to: '/login', label: text.signIn },
  { to: '/register', label: text.register },
  { to: '/', label: text.home },
];

/** A page for checking the site: who is signed in, and a link to each screen. */
export function TestingPage() {
  const { user } = useSession();
  const session = useSessionManager();
  const navigate = useNavigate();
  const isAdmin = user?.role === 'ADMIN';
  const { AccountTestingMessages: text } = useMessages({ AccountTestingMessages });
  useDocumentTitle(text.title);

  const signOut = () => {
    // Leave first, so no guard sends the visitor to /login on the way out.
    navigate('/');
    void session.signOut();
  };

  return (
    <Container size={960} px="lg" py={{ base: 40, md: 64 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{text.title}</Title>
          <Text size="lg" c="gray.7">
            {text.intro}
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
            {text.currentUser}
          </Title>
          {user ? (
            <Group justify="space-between" gap="md">
              <Stack gap={4}>
                <Text>
                  <Text span c="gray.7">
                    {text.emailLabel}{' '}
                  </Text>
                  <Text span fw={600}>
                    <bdi>{user.email}</bdi>
                  </Text>
                </Text>
                <Group gap="xs">
                  <Text span c="gray.7">
                    {text.roleLabel}
                  </Text>
                  <Badge color={isAdmin ? 'jibs' : 'gray'} variant="light" size="lg">
                    {isAdmin ? text.admin : text.member}
                  </Badge>
                </Group>
              </Stack>
              <Button variant="default" onClick={signOut}>
                {text.signOut}
              </Button>
            </Group>
          ) : (
            <Group justify="space-between" gap="md">
              <Text fw={600}>{text.notSignedIn}</Text>
              <Button component={Link} to="/login" variant="default">
                {text.headerSignIn}
              </Button>
            </Group>
          )}
        </Paper>

        {user && !isAdmin && registrationComplete(user) && <SandboxRenewalPanel />}

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <LinkGroup
            id="testing-admin"
            title={text.adminScreens}
            links={adminLinks(text)}
            disabledNote={isAdmin ? undefined : text.adminsOnly}
          />
          <LinkGroup id="testing-member" title={text.memberScreens} links={memberLinks(text)} />
          <LinkGroup id="testing-public" title={text.publicScreens} links={publicLinks(text)} />
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
                <Code c="gray.6" style={NO_WRAP} dir="ltr">
                  {link.to}
                </Code>
              </Text>
            ) : (
              <Anchor component={Link} to={link.to}>
                {link.label}{' '}
                <Code style={NO_WRAP} dir="ltr">
                  {link.to}
                </Code>
              </Anchor>
            )}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
