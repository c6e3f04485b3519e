import { Text } from '@mantine/core';

/**
 * The two places in the user details drawer that other parts of issue 14 fill: billing's
 * payments and subscription (`MemberBillingSection`, with the offline payment form) and the
 * audit trail (`AuditTrailList` filtered by `memberId`). Until they are wired, each says so.
 */
export function MemberBillingPlace({ userId }: { userId: string }) {
  return (
    <Text c="dimmed" data-user-id={userId}>
      Payments and subscription are not shown here yet.
    </Text>
  );
}

export function MemberAuditTrailPlace({ userId }: { userId: string }) {
  return (
    <Text c="dimmed" data-user-id={userId}>
      The audit trail is not shown here yet.
    </Text>
  );
}
