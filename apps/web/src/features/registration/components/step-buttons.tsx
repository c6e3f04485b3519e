import { RegistrationWizardMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A wizard screen's buttons: Back on the left, the way forward on the right. */
export function StepButtons({
  onBack,
  backLabel,
  children,
}: {
  onBack?: () => void;
  backLabel?: string;
  children?: ReactNode;
}) {
  const { RegistrationWizardMessages: wizard } = useMessages({ RegistrationWizardMessages });
  return (
    <Group justify="space-between" gap="sm" mt="xs">
      {onBack ? (
        <Button variant="default" onClick={onBack}>
          {backLabel ?? wizard.back}
        </Button>
      ) : (
        <span />
      )}
      {children}
    </Group>
  );
}
