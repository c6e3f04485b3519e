import { ErrorAlert } from '@jibs/web-ui';
import { AdminMessages } from '@jibs/domain';

/** A list that could not be loaded: said as an alert, with a way to try again. */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorAlert title={AdminMessages.errorTitle} onRetry={onRetry}>
      {message}
    </ErrorAlert>
  );
}
