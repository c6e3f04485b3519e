import { Alert } from '@mantine/core';
import type { ErrorNotice } from '@jibs/web-data';

/**
 * Why startSignUp was refused, above the form. A module of its own: Mantine's Alert (with its
 * close button and ids) stays off step 1's first load and comes with the form's actions.
 */
export default function SignUpFailure({ notice }: { notice: ErrorNotice }) {
  return (
    <Alert color="red" variant="light" title={notice.title} role="alert">
      {notice.message}
    </Alert>
  );
}
