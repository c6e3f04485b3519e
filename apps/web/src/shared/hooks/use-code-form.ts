import { ErrorCode, verificationCodeSchema, VerificationMessages } from '@jibs/domain';
import { useRef, useState, type FormEvent } from 'react';
import {
  toApiError,
  translateText,
  type ApiError,
  actionErrorNotice,
  type ErrorNotice,
} from '@jibs/web-data';

/** The catalogue's titles for a code the server refused (spec 8, verification). */
export function codeFailureNotice(error: ApiError): ErrorNotice {
  const wrongCode = error.code === ErrorCode.BadUserInput;
  return actionErrorNotice(
    wrongCode ? VerificationMessages.invalidCodeTitle : VerificationMessages.failedTitle,
    error,
  );
}

/**
 * The state of a 6-digit code form: the code, its message (the shared rule's, or the server's),
 * the failure notice, and a submit handler that checks the code before `send` sees it. After
 * a refused code the boxes are cleared and focus goes back to the first one.
 */
export function useCodeForm({
  send,
  describeFailure = codeFailureNotice,
}: {
  send: (code: string) => Promise<void>;
  /** The notice for a failure; null when the caller has dealt with it another way. */
  describeFailure?: (error: ApiError) => ErrorNotice | null;
}) {
  const [code, setCodeValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const firstBox = useRef<HTMLInputElement>(null);

  const setCode = (value: string) => {
    setCodeValue(value);
    setFieldError(null);
  };

  const reset = () => {
    setCodeValue('');
    setFieldError(null);
    setFailure(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    const parsed = verificationCodeSchema.safeParse(code);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setFieldError(message ? translateText(message) : null);
      firstBox.current?.focus();
      return;
    }
    setFieldError(null);
    try {
      await send(parsed.data);
    } catch (error) {
      const apiError = toApiError(error);
      const notice = describeFailure(apiError);
      setFailure(notice);
      // The field's own message, unless the notice above already says the same.
      const fieldMessage = apiError.fieldErrors.code;
      setFieldError(fieldMessage && fieldMessage !== notice?.message ? fieldMessage : null);
      setCodeValue('');
      firstBox.current?.focus();
    }
  };

  /** The boxes show red while the last code was refused, until the member types again. */
  const invalid = !!fieldError || (failure !== null && code === '');

  return { code, setCode, fieldError, invalid, failure, setFailure, reset, submit, firstBox };
}
