import { RegistrationWizardFrameMessages } from '@jibs/domain';
import { Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, type ReactNode, type Ref } from 'react';
import { useMessages } from '@jibs/web-data';
import type { WizardStep } from '../utils/wizard-steps';
import { WizardProgress } from './wizard-progress';
import hidden from './visually-hidden.module.css';

/**
 * The registration wizard's page: its title, where the member is, then `children` (the step's
 * card, and beside it the payment summary). A visitor's (step 1, the code) and a member's
 * (member-wizard.tsx) alike.
 */
export function WizardFrame({ step, children }: { step: WizardStep; children: ReactNode }) {
  const { RegistrationWizardMessages: wizard } = useMessages({
    RegistrationWizardMessages: RegistrationWizardFrameMessages,
  });
  return (
    <Container size={1120} px="md" py={{ base: 24, sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1}>{wizard.title}</Title>
          <Text c="gray.7">{wizard.intro}</Text>
        </Stack>
        <WizardProgress step={step} />
        {children}
      </Stack>
    </Container>
  );
}

/**
 * A step's card: its title (focused when the step changes, through `headingRef`) and the step,
 * a loader in its place while its code loads. Beside the payment summary it takes the column's
 * width (`wide`), alone at most 800px.
 */
export function StepCard({
  title,
  headingRef,
  wide = false,
  children,
}: {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  wide?: boolean;
  children: ReactNode;
}) {
  const { RegistrationWizardMessages: wizard } = useMessages({
    RegistrationWizardMessages: RegistrationWizardFrameMessages,
  });
  return (
    <Paper
      withBorder
      shadow="xs"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      w="100%"
      maw={wide ? undefined : 800}
      mx="auto"
      bg="white"
    >
      <Stack gap="lg">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        <Suspense fallback={<StepLoader label={wizard.loading} />}>{children}</Suspense>
      </Stack>
    </Paper>
  );
}

/** A step's place while its data or its code loads. */
export function StepLoader({ label }: { label: string }) {
  return (
    <Center py={48} role="status">
      <Loader color="jibs" type="dots" aria-hidden />
      <span className={hidden.hidden}>{label}</span>
    </Center>
  );
}
