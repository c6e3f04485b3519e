import {
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../session/session-context';

const STEPS = [
  'Register your household and pay the one-time registration fee.',
  'Keep your membership active with a modest monthly contribution.',
  'When a loved one passes away, report it here. Our team contacts you within 24 to 48 hours.',
];

/** A first landing page; the full one (feature cards, FAQ, footer) comes later. */
export function LandingPage() {
  const { status } = useSession();
  return (
    <Container size={1200} px="lg" py={{ base: 48, md: 96 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={64} verticalSpacing={48}>
        <Stack gap="xl" align="flex-start">
          <Text c="jibs.8" fw={600} tt="uppercase" size="sm" style={{ letterSpacing: '0.08em' }}>
            Membership &amp; burial assistance
          </Text>
          <Title order={1}>Support for your family when it is needed most</Title>
          <Text size="lg" c="gray.7">
            JIBS is the membership service of our community&rsquo;s households. Together, members
            make sure every family can give their loved one a dignified Islamic burial, without
            facing it alone.
          </Text>
          {status === 'signed-in' ? (
            <Button component={Link} to="/dashboard" size="lg">
              Go to Dashboard
            </Button>
          ) : (
            <Group gap="md">
              <Button component={Link} to="/login" size="lg" variant="default">
                Log In
              </Button>
              <Button component={Link} to="/register" size="lg">
                Register
              </Button>
            </Group>
          )}
        </Stack>

        <Paper withBorder radius="lg" p="xl" bg="white" style={{ alignSelf: 'start' }}>
          <Title order={2} size="h3" mb="md">
            How membership works
          </Title>
          <List type="ordered" spacing="md" c="gray.8">
            {STEPS.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Paper>
      </SimpleGrid>
    </Container>
  );
}
