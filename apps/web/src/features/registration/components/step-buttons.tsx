import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A wizard screen's buttons: Back on the left, the way forward on the right. */
export function StepButtons({
  onBack,
  backLabel = 'Back',
  children,
}: {
  onBack?: () => void;
  backLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm" mt="xs">
      {onBack ? (
        <Button variant="default" onClick={onBack}>
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      {children}
    </Group>
  );
}
