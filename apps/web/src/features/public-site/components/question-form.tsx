import { Button, Collapse, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { questionSchema, ClientMessages } from '@jibs/domain';
import { validateWith } from '@jibs/web-data';
import { SentAlert } from '@jibs/web-ui';
import { SubmissionForm } from './submission-form';
import { useMutation } from '@apollo/client/react';
import { SubmitQuestionDocument } from '../../../gql/graphql';

const INITIAL_VALUES = { fullName: '', email: '', question: '' };
const validateQuestion = validateWith(questionSchema);

/** The FAQ's collapsible 'Have a Question?' form. */
export function QuestionSection() {
  const [opened, { toggle }] = useDisclosure(false);
  const [submitQuestion, { loading }] = useMutation(SubmitQuestionDocument);

  const send = async (values: typeof INITIAL_VALUES) => {
    const { data } = await submitQuestion({ variables: { input: questionSchema.parse(values) } });
    if (!data?.submitQuestion) throw new Error('The question was not accepted');
    return true;
  };

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
          <SubmissionForm
            initialValues={INITIAL_VALUES}
            validate={validateQuestion}
            send={send}
            sending={loading}
            notSentTitle="Your question was not sent"
            sentAlert={() => (
              <SentAlert title="Question sent">{ClientMessages.questionThanks}</SentAlert>
            )}
            submitLabel="Send Question"
            stackProps={{ pt: 'xs' }}
          >
            {(form) => (
              <>
                <TextInput
                  label="Full Name"
                  autoComplete="name"
                  required
                  {...form.getInputProps('fullName')}
                />
                <TextInput
                  label="Email Address"
                  type="email"
                  autoComplete="email"
                  required
                  {...form.getInputProps('email')}
                />
                <Textarea
                  label="Your Question"
                  size="md"
                  autosize
                  minRows={4}
                  maxRows={12}
                  required
                  {...form.getInputProps('question')}
                />
              </>
            )}
          </SubmissionForm>
        </Collapse>
      </Stack>
    </Paper>
  );
}
