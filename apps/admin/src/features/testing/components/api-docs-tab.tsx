import { AdminMessages } from '@jibs/domain';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
// Embedded at build time: the documentation is the committed API schema and event catalog
// (generated artefacts read as text, not code from another project).
// eslint-disable-next-line @nx/enforce-module-boundaries
import apiSchemaSdl from '../../../../../gateway/api-schema.graphql?raw';
// eslint-disable-next-line @nx/enforce-module-boundaries
import asyncApiDocument from '../../../../../../docs/asyncapi.json';
import {
  buildApiDocs,
  CATEGORY_LABELS,
  curlExample,
  type ApiCategory,
  type ApiEntry,
  type AsyncApiDocument,
} from '../utils/api-docs';

/** Wrapped, never scrolled sideways: every line readable without a scrollable region. */
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All categories' },
  ...Object.entries(CATEGORY_LABELS).map(([value, label]) => ({ value, label })),
];

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifications.show({
      color: 'green',
      title: AdminMessages.copiedTitle,
      message: AdminMessages.codeCopied,
    });
  } catch {
    notifications.show({
      color: 'red',
      title: 'Copy failed',
      message: 'The browser did not allow copying; select the text and copy it instead.',
    });
  }
}

/** API Documentation: every GraphQL operation and event, with examples and type definitions. */
export function ApiDocsTab() {
  const docs = useMemo(
    () => buildApiDocs(apiSchemaSdl, asyncApiDocument as unknown as AsyncApiDocument),
    [],
  );
  const [category, setCategory] = useState<string>('all');
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const entries = docs.entries.filter(
    (entry) =>
      (category === 'all' || entry.category === category) &&
      (!needle ||
        entry.name.toLowerCase().includes(needle) ||
        entry.description.toLowerCase().includes(needle)),
  );
  const types = docs.types.filter((type) => !needle || type.name.toLowerCase().includes(needle));
  const origin = typeof window === 'undefined' ? 'http://localhost:8080' : window.location.origin;

  return (
    <Stack gap="md">
      <Text c="dimmed">
        One GraphQL endpoint, <Code>POST /graphql</Code> (WebSocket on the same path for
        subscriptions), with a bearer access token; and the events services exchange on the bus.
        Generated from the committed API schema and event catalog.
      </Text>
      <Group align="flex-end">
        <Select
          label="Category"
          data={CATEGORY_OPTIONS}
          value={category}
          onChange={(value) => setCategory(value ?? 'all')}
          allowDeselect={false}
          w={220}
        />
        <TextInput
          label="Search"
          placeholder="Operation, event or type name"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Text size="sm" role="status">
          {entries.length} {entries.length === 1 ? 'entry' : 'entries'}
        </Text>
      </Group>
      <Tabs defaultValue="reference" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="reference">Reference</Tabs.Tab>
          <Tabs.Tab value="examples">Code Examples</Tabs.Tab>
          <Tabs.Tab value="types">Type Definitions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reference" pt="md">
          <Stack gap="sm">
            {entries.map((entry) => (
              <ReferenceCard key={`${entry.category}-${entry.name}`} entry={entry} />
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="examples" pt="md">
          <Stack gap="md">
            {entries.map((entry) => {
              const example =
                entry.category === 'event' ? entry.example : curlExample(entry, origin);
              return (
                <Card key={`${entry.category}-${entry.name}`} withBorder>
                  <Group justify="space-between" mb="xs">
                    <Title order={3} size="h5">
                      {entry.name}
                    </Title>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => void copy(example)}
                      aria-label={`Copy the ${entry.name} example`}
                    >
                      Copy
                    </Button>
                  </Group>
                  <Code block style={WRAP}>
                    {example}
                  </Code>
                </Card>
              );
            })}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="types" pt="md">
          <Stack gap="sm">
            {types.map((type) => (
              <Code block key={type.name} style={WRAP}>
                {type.sdl}
              </Code>
            ))}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const CATEGORY_COLORS: Record<ApiCategory, string> = {
  query: 'blue',
  mutation: 'orange',
  subscription: 'grape',
  event: 'teal',
};

function ReferenceCard({ entry }: { entry: ApiEntry }) {
  return (
    <Card withBorder>
      <Group gap="sm" mb={4}>
        <Badge color={CATEGORY_COLORS[entry.category]} variant="light">
          {entry.category}
        </Badge>
        <Title order={3} size="h5">
          {entry.name}
        </Title>
        {entry.category !== 'event' && <Code>{entry.returns}</Code>}
      </Group>
      {entry.description && <Text size="sm">{entry.description}</Text>}
      {entry.fields.length > 0 && (
        <Table mt="xs" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                {entry.category === 'event' ? 'Data field' : 'Argument'}
              </Table.Th>
              <Table.Th scope="col">Type</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entry.fields.map((field) => (
              <Table.Tr key={field.name}>
                <Table.Td>
                  <Code>{field.name}</Code>
                </Table.Td>
                <Table.Td>{field.type}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
