import { ErrorAlert } from '@jibs/web-ui';
import { AdminMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';

/** A list that could not be loaded: said as an alert, with a way to try again. */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { AdminMessages: admin } = useMessages({ AdminMessages });
  return (
    <ErrorAlert title={admin.errorTitle} onRetry={onRetry}>
      {message}
    </ErrorAlert>
  );
}
