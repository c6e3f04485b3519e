import { RegistrationWizardFrameMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Box, Group, Stack, Text } from '@mantine/core';
import { stepInfo, WIZARD_STEPS, type WizardStep } from '../utils/wizard-steps';
import classes from './wizard-progress.module.css';
import hidden from './visually-hidden.module.css';

/**
 * Where the member is in registration: a bar, and the five steps by name. The bar is drawn as
 * Mantine's Progress (size md, radius xl) with its roles, in plain elements: step 1 is on the
 * first load of /register (issue 26), which carries none of Progress's JS.
 */
export function WizardProgress({ step }: { step: WizardStep }) {
  const { RegistrationWizardMessages: wizard } = useMessages({
    RegistrationWizardMessages: RegistrationWizardFrameMessages,
  });
  const current = stepInfo(step);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {wizard.stepOf(current.number, WIZARD_STEPS.length, wizard[current.titleKey])}
        </Text>
        <Text c="gray.7" size="sm">
          {wizard.percentComplete(current.progress)}
        </Text>
      </Group>
      <div className={classes.bar}>
        <div
          className={classes.filled}
          style={{ width: `${current.progress}%` }}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={current.progress}
          aria-valuetext={`${current.progress}%`}
          aria-label={wizard.progressLabel}
        />
      </div>
      <Box component="ol" className={classes.steps} visibleFrom="sm" aria-label={wizard.stepsLabel}>
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
              <span className={classes.title}>{wizard[info.titleKey]}</span>
              {state === 'done' && <span className={hidden.hidden}> {wizard.stepDone}</span>}
            </li>
          );
        })}
      </Box>
    </Stack>
  );
}
