import { Badge } from '@mantine/core';
import { AdminReviewsPageMessages } from '@jibs/domain';
import { reviewStatusBadge, useMessages } from '@jibs/web-data';

/** A review's state as a badge: the member site's labels and colours (`reviewStatusBadge`). */
export function StatusBadge({ status }: { status: string }) {
  const { AdminReviewsPageMessages: m } = useMessages({ AdminReviewsPageMessages });
  const badge = reviewStatusBadge(status);
  const label: Record<string, string> = {
    PENDING: m.pendingReview,
    APPROVED: m.approved,
    REJECTED: m.rejected,
  };
  return (
    <Badge
      color={badge.color}
      variant="light"
      size="lg"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {label[(status ?? '').toUpperCase()] ?? m.unknown}
    </Badge>
  );
}
