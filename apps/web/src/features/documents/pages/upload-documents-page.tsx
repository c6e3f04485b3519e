import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import {
  DOCUMENT_TYPES,
  DocumentMessages,
  DocumentPageMessages,
  UploadMessages,
  type UploadRules,
  ClientMessages,
  DashboardMessages,
} from '@jibs/domain';
import { useMessages, useText } from '@jibs/web-data';
import { documentTypeLabel, fileSize } from '../utils/document-labels';
import { useMemo, useReducer, useState } from 'react';
import { PageBreadcrumbs } from '../../../shared/components/page-breadcrumbs';
import { useDocumentTitle } from '@jibs/web-ui';
import {
  emptyQueue,
  pendingItems,
  uploadButtonLabel,
  uploadQueueReducer,
  type UploadItem,
} from '../utils/upload-queue';
import {
  allowedTypesText,
  dropzoneAccept,
  sortChosenFiles,
  type RefusedFile,
} from '../utils/upload-rules';
import { useDocumentUploads } from '../hooks/use-document-uploads';
import { YourDocuments } from '../components/your-documents';

/** /upload: the member sends verification documents and follows their review (spec 2). */
export function UploadDocumentsPage() {
  const {
    DocumentPageMessages: text,
    DocumentMessages: documentMessages,
    UploadMessages: uploadMessages,
    ClientMessages: client,
    DashboardMessages: dashboard,
  } = useMessages({
    DocumentPageMessages,
    DocumentMessages,
    UploadMessages,
    ClientMessages,
    DashboardMessages,
  });
  const translate = useText();
  const TITLE = dashboard.uploadDocuments;
  useDocumentTitle(TITLE);
  const uploads = useDocumentUploads();
  const rules = uploads.rules;
  const [queue, dispatch] = useReducer(uploadQueueReducer<File>, emptyQueue<File>());
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | undefined>();
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [uploading, setUploading] = useState(false);

  const toUpload = pendingItems(queue);

  const choose = (files: readonly File[]) => {
    const sorted = sortChosenFiles(files, rules);
    setRefused(sorted.refused);
    if (sorted.accepted.length) dispatch({ type: 'added', files: sorted.accepted });
  };

  const upload = async () => {
    if (!documentType || toUpload.length === 0) {
      if (!documentType) setTypeError(documentMessages.documentTypeRequired);
      notifications.show({
        color: 'red',
        title: client.errorTitle,
        message: uploadMessages.selectFilesAndType,
      });
      return;
    }
    setUploading(true);
    const outcome = await uploads.upload(toUpload, { documentType }, dispatch);
    setUploading(false);
    if (outcome.uploaded > 0) {
      dispatch({ type: 'cleared-uploaded' });
      notifications.show({
        color: 'green',
        title: documentMessages.uploadedTitle,
        message: documentMessages.uploaded(outcome.uploaded),
      });
    }
    if (outcome.failure) {
      notifications.show({
        color: 'red',
        title: text.uploadFailed,
        message: translate(outcome.failure),
      });
    }
  };

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <PageBreadcrumbs current={TITLE} />
        <Title order={1}>{TITLE}</Title>

        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="upload">
          <form
            noValidate
            aria-labelledby="upload"
            onSubmit={(event) => (event.preventDefault(), void upload())}
          >
            <Stack gap="lg">
              <Title order={2} size="h3" id="upload">
                {text.uploadVerification}
              </Title>
              <Select
                label={text.documentType}
                placeholder={text.chooseType}
                data={DOCUMENT_TYPES.map((type) => ({
                  value: type,
                  label: documentTypeLabel(type, text),
                }))}
                allowDeselect={false}
                required
                value={documentType}
                onChange={(value) => {
                  setDocumentType(value);
                  setTypeError(undefined);
                }}
                error={typeError}
                disabled={uploading}
              />
              <FileDropzone rules={rules} disabled={uploading} onChoose={choose} />
              <div aria-live="polite">
                {refused.length > 0 && (
                  <Alert color="red" variant="light" title={text.notAdded}>
                    <List size="sm" spacing={4}>
                      {refused.map((file, index) => (
                        <List.Item key={`${file.name}-${index}`}>
                          <Text span fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {file.name}
                          </Text>
                          : {translate(file.message)}
                        </List.Item>
                      ))}
                    </List>
                  </Alert>
                )}
              </div>
              {queue.items.length > 0 && (
                <SelectedFiles
                  items={queue.items}
                  disabled={uploading}
                  onRemove={(id) => dispatch({ type: 'removed', id })}
                />
              )}
              <ImportantInformation rules={rules} />
              <Group>
                <Button type="submit" loading={uploading}>
                  {uploadButtonLabel(toUpload.length, text)}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>

        <YourDocuments />
      </Stack>
    </Container>
  );
}

/**
 * The drag-and-drop area (@mantine/dropzone). It is a button for keyboards and screen readers:
 * Tab reaches it, and Enter or Space opens the file picker.
 */
function FileDropzone({
  rules,
  disabled,
  onChoose,
}: {
  rules: UploadRules;
  disabled: boolean;
  onChoose: (files: File[]) => void;
}) {
  const { DocumentPageMessages: text } = useMessages({ DocumentPageMessages });
  const accept = useMemo(() => dropzoneAccept(rules), [rules]);
  const types = allowedTypesText(rules);
  return (
    <Dropzone
      // Every file goes through the shared rules, which word the refusals as the spec does
      // (the dropzone's own `accept` only narrows what the file picker offers).
      onDropAny={(accepted: File[], rejections: FileRejection[]) =>
        onChoose([...accepted, ...rejections.map((rejection) => rejection.file)])
      }
      onDrop={() => undefined}
      accept={accept}
      disabled={disabled}
      multiple
      // A button named by its text (Tab reaches it; Enter or Space opens the picker). Its file
      // input is taken out of the page (display: none, still clicked by the dropzone) so the
      // button holds no other focusable element.
      role="button"
      aria-disabled={disabled || undefined}
      inputProps={{ style: { display: 'none' }, 'aria-label': text.dropHere }}
      radius="lg"
      p="xl"
      style={{ borderWidth: 2, borderStyle: 'dashed', cursor: 'pointer' }}
    >
      <Stack gap={4} align="center" ta="center" mih={120} justify="center">
        <Text fw={600}>{text.dropHere}</Text>
        <Text size="sm" c="gray.7">
          {text.filesHint(types, fileSize(rules.maxBytes, text))}
        </Text>
      </Stack>
    </Dropzone>
  );
}

function SelectedFiles({
  items,
  disabled,
  onRemove,
}: {
  items: UploadItem<File>[];
  disabled: boolean;
  onRemove: (id: string) => void;
}) {
  const { DocumentPageMessages: text } = useMessages({ DocumentPageMessages });
  const translate = useText();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id="selected-files">
        {text.selectedFiles(items.length)}
      </Title>
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="selected-files"
      >
        {items.map((item) => (
          <Box
            key={item.id}
            component="li"
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {item.file.name}
                </Text>
                <Text size="sm" c="gray.7">
                  {fileSize(item.file.size, text)}
                  {item.status === 'uploaded' ? ` · ${text.uploaded}` : ''}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => onRemove(item.id)}
                disabled={disabled}
                aria-label={text.removeFile(item.file.name)}
              >
                <span aria-hidden>✕</span>
              </ActionIcon>
            </Group>
            {(item.status === 'uploading' || item.status === 'uploaded') && (
              <Progress
                mt="xs"
                value={item.progress}
                aria-label={text.uploadingFile(item.file.name)}
                transitionDuration={150}
              />
            )}
            {item.status === 'failed' && item.error && (
              <Text size="sm" c="red.9" mt="xs" role="alert">
                {translate(item.error)}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

function ImportantInformation({ rules }: { rules: UploadRules }) {
  const { DocumentPageMessages: text } = useMessages({ DocumentPageMessages });
  return (
    <Box
      p="md"
      bg="jibs.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      component="section"
      aria-labelledby="important-information"
    >
      <Title order={3} size="h5" id="important-information" mb="xs">
        {text.importantInformation}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          {text.formats(allowedTypesText(rules), fileSize(rules.maxBytes, text))}
        </List.Item>
        <List.Item>{text.completeAndReadable}</List.Item>
        <List.Item>{text.reviewed}</List.Item>
        <List.Item>{text.storedSecurely}</List.Item>
      </List>
    </Box>
  );
}
