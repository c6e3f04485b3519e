import {
  NotificationAddedDocument,
  type NotificationAddedSubscription,
  type NotificationAddedSubscriptionVariables,
} from '../../../gql/graphql';
import {
  useTypedSubscription,
  type SubscriptionArgs,
} from '../../../shared/hooks/typed-operations';

/** The `NotificationAdded` subscription (`graphql/notifications.graphql`). */
export function useNotificationAddedSubscription(
  ...args: SubscriptionArgs<NotificationAddedSubscription, NotificationAddedSubscriptionVariables>
) {
  return useTypedSubscription(NotificationAddedDocument, ...args);
}
