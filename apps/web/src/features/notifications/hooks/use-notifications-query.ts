import {
  NotificationsDocument,
  type NotificationsQuery,
  type NotificationsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `Notifications` query (`graphql/notifications.graphql`). */
export function useNotificationsQuery(
  ...args: QueryArgs<NotificationsQuery, NotificationsQueryVariables>
) {
  return useTypedQuery(NotificationsDocument, ...args);
}
