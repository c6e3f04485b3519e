import { Alert, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  ClientMessages,
  DocumentMessages,
  DocumentPageMessages,
  ActionMessages,
} from '@jibs/domain';
import { reviewStatusBadge, useDateFormat, useMessages } from '@jibs/web-data';
import { documentTypeLabel, fileSize, reviewStatusLabel } from '../utils/document-labels';
import { useQuery } from '@apollo/client/react';
import { MyDocumentsDocument } from '../../../gql/graphql';

/** 'Your Documents' (spec 2): the member's uploads, newest first, in a list that scrolls. */
export function YourDocuments() {
  const {
    DocumentPageMessages: text,
    DocumentMessages: documentMessages,
    ClientMessages: client,
    ActionMessages: actions,
  } = useMessages({ DocumentPageMessages, DocumentMessages, ClientMessages, ActionMessages });
  const formatDate = useDateFormat();
  const { data, loading, error, refetch } = useQuery(MyDocumentsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const documents = data?.myDocuments ?? [];

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="your-documents">
      <Stack gap="md">
        <Title order={2} size="h3" id="your-documents">
          {text.yourDocuments}
        </Title>
        {loading && !data ? (
          <Text c="gray.7" role="status">
            {text.loadingDocuments}
          </Text>
        ) : error && !data ? (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>{text.loadFailed}</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {actions.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : documents.length === 0 ? (
          <Text c="gray.7">{documentMessages.noDocuments}</Text>
        ) : (
          // A list that scrolls must be reachable by keyboard to scroll it (tabIndex).
          <Box
            mah={420}
            style={{ overflowY: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={text.uploadedDocuments}
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
                          {documentTypeLabel(document.documentType, text)} ·{' '}
                          {fileSize(document.fileSize, text)} · {formatDate(document.createdAt)}
                        </Text>
                        {document.reviewedAt && (
                          <Text size="sm" c="gray.7">
                            {text.reviewedOn(formatDate(document.reviewedAt))}
                          </Text>
                        )}
                        {document.adminNotes && (
                          <Text
                            size="sm"
                            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                          >
                            <Text span size="sm" c="gray.7">
                              {text.adminNotes}{' '}
                            </Text>
                            {document.adminNotes}
                          </Text>
                        )}
                      </Stack>
                      <Badge variant="light" color={badge.color} style={{ flexShrink: 0 }}>
                        {reviewStatusLabel(document.status, text)}
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
