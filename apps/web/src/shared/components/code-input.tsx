import { Input, PinInput } from '@mantine/core';
import { PublicTwoStepMessages, VERIFICATION_CODE_LENGTH } from '@jibs/domain';
import { useMessages, useText } from '@jibs/web-data';
import { useId, type Ref } from 'react';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  description?: string;
  error?: string | null;
  /** Red without a message of its own (the message is in an alert above). */
  invalid?: boolean;
  disabled?: boolean;
  /** The first box, for moving focus back to it (after a wrong code, say). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The 6-digit code field: one box per digit, labelled 'Verification code'. Typing, pasting or a
 * phone's one-time-code autofill into the first box fills them all.
 */
export function CodeInput({
  value,
  onChange,
  description,
  error,
  invalid = false,
  disabled,
  inputRef,
}: CodeInputProps) {
  // The code's own rule and the server's message are the catalogue's English.
  const translate = useText();
  const base = useId();
  const { PublicTwoStepMessages: text } = useMessages({ PublicTwoStepMessages });
  // The wrapper's label, description and error belong to the first box.
  const firstId = `${base}-1`;
  const describedBy = [description && `${firstId}-description`, error && `${firstId}-error`]
    .filter(Boolean)
    .join(' ');

  return (
    <Input.Wrapper
      id={firstId}
      label={text.verificationCode}
      description={description}
      error={typeof error === 'string' ? translate(error) : error}
      errorProps={{ role: 'alert' }}
      size="md"
    >
      <PinInput
        id={base}
        // A code is typed and read from left to right in every language.
        dir="ltr"
        ref={inputRef}
        length={VERIFICATION_CODE_LENGTH}
        type="number"
        oneTimeCode
        size="lg"
        mt={6}
        value={value}
        onChange={onChange}
        error={!!error || invalid}
        disabled={disabled}
        getInputProps={(index) => ({
          'aria-label':
            index === 0 ? text.verificationCode : text.digitOf(index + 1, VERIFICATION_CODE_LENGTH),
          'aria-describedby': index === 0 && describedBy ? describedBy : undefined,
          'aria-invalid': !!error || invalid || undefined,
        })}
      />
    </Input.Wrapper>
  );
}
