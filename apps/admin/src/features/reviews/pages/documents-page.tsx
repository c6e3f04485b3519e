import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, Container, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AdminMessages,
  AdminReviewsPageMessages,
  DocumentMessages,
  formatDateTime,
  formatFileSize,
  MAX_ADMIN_NOTES_LENGTH,
} from '@jibs/domain';
import { actionErrorMessage, toApiError } from '@jibs/web-data';
import { useEffect, useState } from 'react';
import {
  AdminDocumentsDocument,
  DocumentDownloadUrlDocument,
  ReviewDocumentDocument,
  type AdminDocumentFragment,
  type ReviewDecision,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { SectionLoader, DetailList } from '@jibs/web-ui';
import { AdminToasts, mayHaveMore, notesVariable } from '../utils/review-display';
import { ResultsStatus } from '../../../shared/components/results-status';
import { useReviewList } from '../hooks/use-review-list';
import { LoadFailedAlert } from '../../../shared/components/load-failed-alert';
import { ReviewFilters } from '../components/review-filters';
import { StatusBadge } from '../components/status-badge';

const LOAD_FAILED = AdminMessages.documentsLoadFailed;

/** /admin/documents (spec: Admin documents). */
export function DocumentsPage() {
  const list = useReviewList();
  const [reviewing, setReviewing] = useState<AdminDocumentFragment | null>(null);
  const { data, previousData, loading, error, refetch } = useQuery(AdminDocumentsDocument, {
    variables: list.variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });

  useEffect(() => {
    if (error)
      notifications.show({ color: 'red', title: AdminMessages.errorTitle, message: LOAD_FAILED });
  }, [error]);

  const documents = (data ?? previousData)?.documents;

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader
          title="Documents"
          description="Review the verification documents members have uploaded."
        />
        <ReviewFilters
          {...list.filters}
          searchLabel="Search documents"
          searchPlaceholder="File name, member name or document type"
        />
        {error && <LoadFailedAlert message={LOAD_FAILED} onRetry={() => void refetch()} />}
        <ResultsStatus
          text={
            loading || documents === undefined
              ? AdminReviewsPageMessages.loadingDocuments
              : documents.length === 1
                ? AdminReviewsPageMessages.oneDocumentFound
                : AdminReviewsPageMessages.documentsFound(documents.length)
          }
        />
        <div aria-busy={loading}>
          {!documents && loading ? (
            <SectionLoader label={AdminReviewsPageMessages.loadingDocuments} />
          ) : documents && documents.length === 0 ? (
            <Card withBorder padding="xl">
              <Text ta="center">{DocumentMessages.noDocumentsFound}</Text>
            </Card>
          ) : (
            <Card withBorder padding={0}>
              <Table.ScrollContainer minWidth={1040}>
                <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
                  <Table.Caption>Uploaded documents, newest first</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">User</Table.Th>
                      <Table.Th scope="col">Document</Table.Th>
                      <Table.Th scope="col">Type</Table.Th>
                      <Table.Th scope="col">Size</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                      <Table.Th scope="col">Uploaded</Table.Th>
                      <Table.Th scope="col">Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {documents?.map((document) => (
                      <DocumentRow
                        key={document.id}
                        document={document}
                        onReview={() => setReviewing(document)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </div>
        {mayHaveMore(documents?.length, list.limit) && (
          <Button
            variant="light"
            onClick={list.showMore}
            disabled={loading}
            style={{ alignSelf: 'center' }}
          >
            {loading ? 'Loading...' : 'Show more documents'}
          </Button>
        )}
      </Stack>
      <ReviewDocumentDialog
        document={reviewing}
        onClose={() => setReviewing(null)}
        onReviewed={async () => {
          setReviewing(null);
          await refetch().catch(() => undefined);
        }}
      />
    </Container>
  );
}

function DocumentRow({
  document,
  onReview,
}: {
  document: AdminDocumentFragment;
  onReview: () => void;
}) {
  const [getUrl] = useMutation(DocumentDownloadUrlDocument);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const { data } = await getUrl({ variables: { id: document.id } });
      if (!data) throw new Error('No download link');
      notifications.show({ color: 'jibs', ...AdminToasts.downloadStarted(document.fileName) });
      saveFrom(data.documentDownloadUrl.url, data.documentDownloadUrl.fileName);
    } catch (error) {
      notifications.show({
        color: 'red',
        ...AdminToasts.downloadFailed(actionErrorMessage(toApiError(error))),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Table.Tr>
      <Table.Td style={{ minWidth: '15rem' }}>
        <Text fw={600}>{document.member.fullName}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {document.member.email}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '11rem' }}>
        {document.fileName}
      </Table.Td>
      <Table.Td>{document.documentType}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(document.fileSize)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <StatusBadge status={document.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(document.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="sm"
            variant="light"
            onClick={() => void download()}
            disabled={downloading}
            aria-label={downloading ? AdminMessages.processing : `Download ${document.fileName}`}
          >
            {downloading ? AdminMessages.processing : 'Download'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onReview}
            aria-label={`Review ${document.fileName}`}
          >
            Review
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Follows a presigned GET; the bucket answers with the file as an attachment. */
function saveFrom(url: string, fileName: string): void {
  const anchor = window.document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  window.document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

function ReviewDocumentDialog({
  document,
  onClose,
  onReviewed,
}: {
  document: AdminDocumentFragment | null;
  onClose: () => void;
  onReviewed: () => Promise<void>;
}) {
  const [processing, setProcessing] = useState<ReviewDecision | null>(null);
  return (
    <Modal
      opened={document !== null}
      onClose={() => {
        if (processing === null) onClose();
      }}
      title="Review Document"
      size="lg"
      centered
    >
      {document && (
        <ReviewDocumentForm
          key={document.id}
          document={document}
          processing={processing}
          setProcessing={setProcessing}
          onReviewed={onReviewed}
        />
      )}
    </Modal>
  );
}

function ReviewDocumentForm({
  document,
  processing,
  setProcessing,
  onReviewed,
}: {
  document: AdminDocumentFragment;
  processing: ReviewDecision | null;
  setProcessing: (decision: ReviewDecision | null) => void;
  onReviewed: () => Promise<void>;
}) {
  const [notes, setNotes] = useState(document.adminNotes ?? '');
  const [review] = useMutation(ReviewDocumentDocument);

  const decide = async (decision: ReviewDecision) => {
    setProcessing(decision);
    try {
      await review({
        variables: { id: document.id, decision, adminNotes: notesVariable(notes) },
      });
      notifications.show({ color: 'green', ...AdminToasts.documentReviewed(decision) });
      setProcessing(null);
      await onReviewed();
    } catch (error) {
      setProcessing(null);
      notifications.show({
        color: 'red',
        ...AdminToasts.documentReviewFailed(actionErrorMessage(toApiError(error))),
      });
    }
  };

  return (
    <Stack gap="md">
      <DetailList
        compact
        items={[
          {
            label: 'User',
            value: `${document.member.fullName} (${document.member.email})`,
          },
          { label: 'Type', value: document.documentType },
          { label: 'File name', value: document.fileName },
          { label: 'Status', value: <StatusBadge status={document.status} /> },
        ]}
      />
      <Textarea
        label={AdminReviewsPageMessages.adminNotesLabel}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        maxLength={MAX_ADMIN_NOTES_LENGTH}
        autosize
        minRows={3}
        disabled={processing !== null}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button
          color="red.9"
          variant="outline"
          onClick={() => void decide('REJECTED')}
          disabled={processing !== null}
        >
          {processing === 'REJECTED' ? AdminMessages.processing : 'Reject'}
        </Button>
        <Button color="jibs" onClick={() => void decide('APPROVED')} disabled={processing !== null}>
          {processing === 'APPROVED' ? AdminMessages.processing : 'Approve'}
        </Button>
      </Group>
    </Stack>
  );
}
