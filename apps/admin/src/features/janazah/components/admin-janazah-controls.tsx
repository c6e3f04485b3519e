import { useMutation } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { JanazahMessages, type FieldErrors } from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages } from '@jibs/web-data';
import { JanazahNoticeControls } from '@jibs/web-ui';
import {
  AdminCancelJanazahNoticeDocument,
  AdminPublishJanazahNoticeDocument,
  AdminUpdateJanazahNoticeDocument,
  type AdminJanazahNoticeFragment,
} from '../../../gql/graphql';

/** Runs a change: a toast either way; the server's field messages go back to the form. */
async function run(change: () => Promise<unknown>, success: string): Promise<FieldErrors | null> {
  try {
    await change();
    notifications.show({ color: 'green', message: success });
    return null;
  } catch (error) {
    const api = toApiError(error);
    notifications.show({ color: 'red', message: actionErrorMessage(api) });
    return Object.keys(api.fieldErrors).length ? api.fieldErrors : { form: api.message };
  }
}

/** An admin's publish, edit and cancel of a report's janazah notice. */
export function AdminJanazahControls({
  reportId,
  deceasedName,
  notice,
  onChanged,
}: {
  reportId: string;
  deceasedName: string;
  notice: AdminJanazahNoticeFragment | null | undefined;
  onChanged: () => Promise<unknown>;
}) {
  const { JanazahMessages: janazah } = useMessages({ JanazahMessages });
  const [publish] = useMutation(AdminPublishJanazahNoticeDocument);
  const [update] = useMutation(AdminUpdateJanazahNoticeDocument);
  const [cancel] = useMutation(AdminCancelJanazahNoticeDocument);
  const after = (change: () => Promise<unknown>, success: string) =>
    run(async () => {
      await change();
      await onChanged().catch(() => undefined);
    }, success);
  return (
    <JanazahNoticeControls
      deceasedName={deceasedName}
      notice={notice}
      mayManage
      onPublish={(input) =>
        after(() => publish({ variables: { reportId, input } }), janazah.published)
      }
      onUpdate={(id, input) => after(() => update({ variables: { id, input } }), janazah.updated)}
      onCancel={(id, reason) =>
        after(() => cancel({ variables: { id, reason } }), janazah.cancelled)
      }
    />
  );
}
