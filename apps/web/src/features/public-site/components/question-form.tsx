import { Textarea, TextInput } from '@mantine/core';
import { questionSchema, ClientMessages, PublicSiteMessages } from '@jibs/domain';
import { useMessages, validateWith } from '@jibs/web-data';
import { SentAlert } from '@jibs/web-ui';
import { SubmissionForm } from './submission-form';
import { SessionGate } from '../../session/components/session-gate';
import { useMutation } from '@apollo/client/react';
import { SubmitQuestionDocument } from '../../../gql/graphql';

const INITIAL_VALUES = { fullName: '', email: '', question: '' };
const validateQuestion = validateWith(questionSchema);

/**
 * The FAQ's question form (its section, question-section.tsx, shows before it loads and gives it
 * the client), once the session is restored.
 */
export default function QuestionFormOnceRestored() {
  return (
    <SessionGate fallback={null}>
      <QuestionForm />
    </SessionGate>
  );
}

function QuestionForm() {
  const [submitQuestion, { loading }] = useMutation(SubmitQuestionDocument);
  const { PublicSiteMessages: text, ClientMessages: client } = useMessages({
    PublicSiteMessages,
    ClientMessages,
  });

  const send = async (values: typeof INITIAL_VALUES) => {
    const { data } = await submitQuestion({ variables: { input: questionSchema.parse(values) } });
    if (!data?.submitQuestion) throw new Error('The question was not accepted');
    return true;
  };

  return (
    <SubmissionForm
      initialValues={INITIAL_VALUES}
      validate={validateQuestion}
      send={send}
      sending={loading}
      notSentTitle={text.questionNotSent}
      sentAlert={() => <SentAlert title={text.questionSent}>{client.questionThanks}</SentAlert>}
      submitLabel={text.sendQuestion}
      stackProps={{ pt: 'xs' }}
    >
      {(form) => (
        <>
          <TextInput
            label={text.fullName}
            autoComplete="name"
            required
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={text.emailAddress}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Textarea
            label={text.yourQuestion}
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
  );
}
