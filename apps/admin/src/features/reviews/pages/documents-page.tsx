import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, Container, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AdminMessages,
  AdminDocumentsPageMessages,
  AdminReviewsPageMessages,
  DocumentMessages,
  DocumentPageMessages,
  formatFileSize,
  MAX_ADMIN_NOTES_LENGTH,
} from '@jibs/domain';
import { actionErrorMessage, toApiError, translateText, useMessages } from '@jibs/web-data';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
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

/** /admin/documents (spec: Admin documents). */
export function DocumentsPage() {
  const list = useReviewList();
  const [reviewing, setReviewing] = useState<AdminDocumentFragment | null>(null);
  const {
    AdminMessages: admin,
    AdminReviewsPageMessages: r,
    AdminDocumentsPageMessages: m,
    DocumentMessages: documentMessages,
  } = useMessages({
    AdminMessages,
    AdminReviewsPageMessages,
    AdminDocumentsPageMessages,
    DocumentMessages,
  });
  const loadFailed = admin.documentsLoadFailed;
  const { data, previousData, loading, error, refetch } = useQuery(AdminDocumentsDocument, {
    variables: list.variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });

  useEffect(() => {
    if (error) notifications.show({ color: 'red', title: admin.errorTitle, message: loadFailed });
  }, [error, admin.errorTitle, loadFailed]);

  const documents = (data ?? previousData)?.documents;

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader title={m.title} description={m.description} />
        <ReviewFilters
          {...list.filters}
          searchLabel={m.searchDocuments}
          searchPlaceholder={m.searchPlaceholder}
        />
        {error && <LoadFailedAlert message={loadFailed} onRetry={() => void refetch()} />}
        <ResultsStatus
          text={
            loading || documents === undefined
              ? r.loadingDocuments
              : documents.length === 1
                ? r.oneDocumentFound
                : r.documentsFound(documents.length)
          }
        />
        <div aria-busy={loading}>
          {!documents && loading ? (
            <SectionLoader label={r.loadingDocuments} />
          ) : documents && documents.length === 0 ? (
            <Card withBorder padding="xl">
              <Text ta="center">{documentMessages.noDocumentsFound}</Text>
            </Card>
          ) : (
            <Card withBorder padding={0}>
              <Table.ScrollContainer minWidth={1040}>
                <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
                  <Table.Caption>{m.caption}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{m.user}</Table.Th>
                      <Table.Th scope="col">{m.document}</Table.Th>
                      <Table.Th scope="col">{m.type}</Table.Th>
                      <Table.Th scope="col">{m.size}</Table.Th>
                      <Table.Th scope="col">{m.status}</Table.Th>
                      <Table.Th scope="col">{m.uploaded}</Table.Th>
                      <Table.Th scope="col">{m.actions}</Table.Th>
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
            {loading ? m.loadingMore : m.showMore}
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
  const { AdminDocumentsPageMessages: m, DocumentPageMessages: units } = useMessages({
    AdminDocumentsPageMessages,
    DocumentPageMessages,
  });
  const format = useReaderFormat();

  const download = async () => {
    setDownloading(true);
    try {
      const { data } = await getUrl({ variables: { id: document.id } });
      if (!data) throw new Error('No download link');
      notifications.show({
        color: 'jibs',
        ...inReaderWords(AdminToasts.downloadStarted(document.fileName)),
      });
      saveFrom(data.documentDownloadUrl.url, data.documentDownloadUrl.fileName);
    } catch (error) {
      notifications.show({
        color: 'red',
        ...inReaderWords(AdminToasts.downloadFailed(actionErrorMessage(toApiError(error)))),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Table.Tr>
      <Table.Td style={{ minWidth: '15rem' }}>
        <Text fw={600}>
          <bdi>{document.member.fullName}</bdi>
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <bdi>{document.member.email}</bdi>
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '11rem' }}>
        <bdi>{document.fileName}</bdi>
      </Table.Td>
      <Table.Td>{translateText(document.documentType)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatFileSize(document.fileSize, [
          units.bytes,
          units.kilobytes,
          units.megabytes,
          units.gigabytes,
        ])}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <StatusBadge status={document.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.moment(document.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="sm"
            variant="light"
            onClick={() => void download()}
            disabled={downloading}
            aria-label={downloading ? m.processing : m.downloadFile(document.fileName)}
          >
            {downloading ? m.processing : m.download}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onReview}
            aria-label={m.reviewFile(document.fileName)}
          >
            {m.review}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A toast's English title and message (catalogue messages) in the reader's language. */
function inReaderWords(toast: { title: string; message: string }) {
  return { title: translateText(toast.title), message: translateText(toast.message) };
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
  const { AdminDocumentsPageMessages: m } = useMessages({ AdminDocumentsPageMessages });
  return (
    <Modal
      opened={document !== null}
      onClose={() => {
        if (processing === null) onClose();
      }}
      title={m.reviewDocument}
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
  const { AdminDocumentsPageMessages: m, AdminReviewsPageMessages: r } = useMessages({
    AdminDocumentsPageMessages,
    AdminReviewsPageMessages,
  });

  const decide = async (decision: ReviewDecision) => {
    setProcessing(decision);
    try {
      await review({
        variables: { id: document.id, decision, adminNotes: notesVariable(notes) },
      });
      notifications.show({
        color: 'green',
        ...inReaderWords(AdminToasts.documentReviewed(decision)),
      });
      setProcessing(null);
      await onReviewed();
    } catch (error) {
      setProcessing(null);
      notifications.show({
        color: 'red',
        ...inReaderWords(AdminToasts.documentReviewFailed(actionErrorMessage(toApiError(error)))),
      });
    }
  };

  return (
    <Stack gap="md">
      <DetailList
        compact
        items={[
          {
            label: m.user,
            value: <bdi>{`${document.member.fullName} (${document.member.email})`}</bdi>,
          },
          { label: m.type, value: translateText(document.documentType) },
          { label: m.fileName, value: <bdi>{document.fileName}</bdi> },
          { label: m.status, value: <StatusBadge status={document.status} /> },
        ]}
      />
      <Textarea
        label={r.adminNotesLabel}
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
          {processing === 'REJECTED' ? m.processing : m.reject}
        </Button>
        <Button color="jibs" onClick={() => void decide('APPROVED')} disabled={processing !== null}>
          {processing === 'APPROVED' ? m.processing : m.approve}
        </Button>
      </Group>
    </Stack>
  );
}
