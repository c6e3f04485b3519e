import { Alert, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  ClientMessages,
  DocumentMessages,
  formatFileSize,
  formatMoment,
  ActionMessages,
} from '@jibs/domain';
import { reviewStatusBadge } from '@jibs/web-data';
import { useQuery } from '@apollo/client/react';
import { MyDocumentsDocument } from '../../../gql/graphql';

/** 'Your Documents' (spec 2): the member's uploads, newest first, in a list that scrolls. */
export function YourDocuments() {
  const { data, loading, error, refetch } = useQuery(MyDocumentsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const documents = data?.myDocuments ?? [];

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="your-documents">
      <Stack gap="md">
        <Title order={2} size="h3" id="your-documents">
          Your Documents
        </Title>
        {loading && !data ? (
          <Text c="gray.7" role="status">
            Loading your documents…
          </Text>
        ) : error && !data ? (
          <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>Failed to load your documents</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {ActionMessages.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : documents.length === 0 ? (
          <Text c="gray.7">{DocumentMessages.noDocuments}</Text>
        ) : (
          // A list that scrolls must be reachable by keyboard to scroll it (tabIndex).
          <Box
            mah={420}
            style={{ overflowY: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label="Uploaded documents"
          >
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {documents.map((document) => {
                const badge = reviewStatusBadge(document.status);
                return (
                  <Box
                    key={document.id}
                    component="li"
                    p="sm"
                    style={{
                      border: '1px solid var(--mantine-color-gray-3)',
                      borderRadius: 'var(--mantine-radius-md)',
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {document.fileName}
                        </Text>
                        <Text size="sm" c="gray.7">
                          {document.documentType} · {formatFileSize(document.fileSize)} ·{' '}
                          {formatMoment(document.createdAt)}
                        </Text>
                        {document.reviewedAt && (
                          <Text size="sm" c="gray.7">
                            Reviewed {formatMoment(document.reviewedAt)}
                          </Text>
                        )}
                        {document.adminNotes && (
                          <Text
                            size="sm"
                            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                          >
                            <Text span size="sm" c="gray.7">
                              Admin notes:{' '}
                            </Text>
                            {document.adminNotes}
                          </Text>
                        )}
                      </Stack>
                      <Badge variant="light" color={badge.color} style={{ flexShrink: 0 }}>
                        {badge.label}
                      </Badge>
                    </Group>
                  </Box>
                );
              })}
            </Stack>
          </Box>
        )}
      </Stack>
    </Card>
  );
}
