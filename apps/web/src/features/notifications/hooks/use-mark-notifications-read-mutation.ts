import {
  MarkNotificationsReadDocument,
  type MarkNotificationsReadMutation,
  type MarkNotificationsReadMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `MarkNotificationsRead` mutation (`graphql/notifications.graphql`). */
export function useMarkNotificationsReadMutation(
  options?: MutationOptions<MarkNotificationsReadMutation, MarkNotificationsReadMutationVariables>,
) {
  return useTypedMutation(MarkNotificationsReadDocument, options);
}
