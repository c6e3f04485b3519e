import { Button, Collapse, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy } from 'react';
import { WithSessionData } from '../../session/components/with-session-data';

// The form (its schema, @mantine/form, the mutation) loads after the FAQ has shown: it is
// folded away until asked for.
const QuestionForm = lazy(() => import('./question-form'));

/** The FAQ's collapsible 'Have a Question?' form. */
export function QuestionSection() {
  const [opened, { toggle }] = useDisclosure(false);

  return (
    <Paper
      component="section"
      aria-labelledby="question-title"
      withBorder
      bg="white"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="question-title">
            Have a Question?
          </Title>
          <Text c="gray.7">
            If your question is not answered above, send it to us and we will reply by email.
          </Text>
        </Stack>
        <Button
          variant={opened ? 'subtle' : 'light'}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls="question-form"
          w="fit-content"
        >
          {opened ? 'Hide the question form' : 'Ask a Question'}
        </Button>
        <Collapse expanded={opened} id="question-form">
          <WithSessionData>
            <QuestionForm />
          </WithSessionData>
        </Collapse>
      </Stack>
    </Paper>
  );
}
