import { useMutation } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { JanazahMessages, type FieldErrors } from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages } from '@jibs/web-data';
import { JanazahNoticeControls, type JanazahNoticeFormInput } from '@jibs/web-ui';
import {
  CancelMyJanazahNoticeDocument,
  PublishMyJanazahNoticeDocument,
  UpdateMyJanazahNoticeDocument,
  type JanazahNoticeItemFragment,
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

/** On the family's approved report: its janazah notice, and publishing it when the site allows. */
export function ReportJanazah({
  report,
  onChanged,
}: {
  report: {
    id: string;
    deceasedName: string;
    mayPublishJanazah: boolean;
    janazahNotice?: JanazahNoticeItemFragment | null;
  };
  onChanged: () => Promise<unknown>;
}) {
  const { JanazahMessages: janazah } = useMessages({ JanazahMessages });
  const [publish] = useMutation(PublishMyJanazahNoticeDocument);
  const [update] = useMutation(UpdateMyJanazahNoticeDocument);
  const [cancel] = useMutation(CancelMyJanazahNoticeDocument);
  const after = (change: () => Promise<unknown>, success: string) =>
    run(async () => {
      await change();
      await onChanged().catch(() => undefined);
    }, success);
  return (
    <JanazahNoticeControls
      deceasedName={report.deceasedName}
      notice={report.janazahNotice}
      mayManage={report.mayPublishJanazah}
      onPublish={(input: JanazahNoticeFormInput) =>
        after(() => publish({ variables: { reportId: report.id, input } }), janazah.published)
      }
      onUpdate={(id, input) => after(() => update({ variables: { id, input } }), janazah.updated)}
      onCancel={(id, reason) =>
        after(() => cancel({ variables: { id, reason } }), janazah.cancelled)
      }
    />
  );
}
