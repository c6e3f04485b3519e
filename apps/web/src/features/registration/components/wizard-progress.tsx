import { Box, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { stepInfo, WIZARD_STEPS, type WizardStep } from '../utils/wizard-steps';
import classes from './wizard-progress.module.css';

/** Where the member is in registration: a bar, and the five steps by name. */
export function WizardProgress({ step }: { step: WizardStep }) {
  const current = stepInfo(step);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          Step {current.number} of {WIZARD_STEPS.length}: {current.title}
        </Text>
        <Text c="gray.7" size="sm">
          {current.progress}% complete
        </Text>
      </Group>
      <Progress value={current.progress} size="md" radius="xl" aria-label="Registration progress" />
      <Box
        component="ol"
        className={classes.steps}
        visibleFrom="sm"
        aria-label="Registration steps"
      >
        {WIZARD_STEPS.map((info) => {
          const state =
            info.number < current.number
              ? 'done'
              : info.number === current.number
                ? 'current'
                : 'next';
          return (
            <li
              key={info.key}
              className={classes.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={classes.marker} aria-hidden>
                {state === 'done' ? '✓' : info.number}
              </span>
              <span className={classes.title}>{info.title}</span>
              {state === 'done' && <VisuallyHidden> (done)</VisuallyHidden>}
            </li>
          );
        })}
      </Box>
    </Stack>
  );
}
