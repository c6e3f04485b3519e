import { Badge } from '@mantine/core';
import { statusColor, statusLabel } from './review-display';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      size="lg"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {statusLabel(status)}
    </Badge>
  );
}
