import { Badge } from '@mantine/core';
import { reviewStatusBadge } from '@jibs/web-data';

/** A review's state as a badge: the member site's labels and colours (`reviewStatusBadge`). */
export function StatusBadge({ status }: { status: string }) {
  const badge = reviewStatusBadge(status);
  return (
    <Badge
      color={badge.color}
      variant="light"
      size="lg"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {badge.label}
    </Badge>
  );
}
