import type { z } from 'zod';

export interface EventIssue {
  path: string;
  message: string;
}

/**
 * An event that does not match the envelope or its catalog schema. Never worth retrying: the same
 * bytes fail the same way, so consumers send it to the dead-letter topic at once.
 */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';

  constructor(
    message: string,
    readonly issues: EventIssue[] = [],
  ) {
    super(issues.length ? `${message}: ${issues.map(formatIssue).join('; ')}` : message);
  }

  static fromZod(message: string, error: z.ZodError): InvalidEventError {
    return new InvalidEventError(
      message,
      error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    );
  }
}

function formatIssue(issue: EventIssue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}
