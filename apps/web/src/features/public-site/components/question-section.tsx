import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy } from 'react';
import { Fold } from './fold';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { PublicSiteMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';

// The form (its schema, @mantine/form, the mutation, the session's gate) loads after the FAQ has
// shown: it is folded away until asked for.
const QuestionForm = lazy(() => import('./question-form'));

/** The FAQ's collapsible 'Have a Question?' form. */
export function QuestionSection() {
  const [opened, { toggle }] = useDisclosure(false);
  const { PublicSiteMessages: text } = useMessages({ PublicSiteMessages });

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
            {text.haveAQuestion}
          </Title>
          <Text c="gray.7">{text.questionIntro}</Text>
        </Stack>
        <Button
          variant={opened ? 'subtle' : 'light'}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls="question-form"
          w="fit-content"
        >
          {opened ? text.hideQuestionForm : text.askAQuestion}
        </Button>
        <Fold expanded={opened} id="question-form">
          <WithApollo>
            <QuestionForm />
          </WithApollo>
        </Fold>
      </Stack>
    </Paper>
  );
}
