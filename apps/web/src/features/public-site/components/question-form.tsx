import { useMutation } from '@apollo/client/react';
import { Button, Collapse, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { questionSchema, ClientMessages } from '@jibs/domain';
import { useState } from 'react';
import { toApiError, validateWith } from '@jibs/web-data';
import { NotSentAlert, SentAlert } from '@jibs/web-ui';
import { SubmitQuestionDocument } from '../../../gql/graphql';
import { submissionFailure, type SubmissionFailure } from '../utils/submission-errors';

const INITIAL_VALUES = { fullName: '', email: '', question: '' };
type QuestionValues = typeof INITIAL_VALUES;
const FIELDS = Object.keys(INITIAL_VALUES) as (keyof QuestionValues)[];

/** The FAQ's collapsible 'Have a Question?' form. */
export function QuestionSection() {
  const [opened, { toggle }] = useDisclosure(false);
  const [submitQuestion, { loading }] = useMutation(SubmitQuestionDocument);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<SubmissionFailure | null>(null);
  const form = useForm<QuestionValues>({
    initialValues: INITIAL_VALUES,
    validate: validateWith(questionSchema),
  });

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    setSent(false);
    setFailure(null);
    try {
      const { data } = await submitQuestion({ variables: { input: questionSchema.parse(values) } });
      if (!data?.submitQuestion) throw new Error('The question was not accepted');
      form.reset();
      setSent(true);
    } catch (error) {
      const result = submissionFailure(toApiError(error), FIELDS, 'Your question was not sent');
      form.setErrors(result.fieldErrors);
      setFailure(result);
      focusFirstError(result.fieldErrors);
    }
  }, focusFirstError);

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
          <form onSubmit={submit} noValidate>
            <Stack gap="md" pt="xs">
              {sent && <SentAlert title="Question sent">{ClientMessages.questionThanks}</SentAlert>}
              {failure?.notice && (
                <NotSentAlert notice={failure.notice} wait={failure.waitAndRetry} />
              )}
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
              <Button type="submit" loading={loading} w={{ base: '100%', sm: 'fit-content' }}>
                Send Question
              </Button>
            </Stack>
          </form>
        </Collapse>
      </Stack>
    </Paper>
  );
}
