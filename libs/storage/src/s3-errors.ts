/** The HTTP status of a failed S3 call, if it got an answer. */
export function s3Status(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}

/** True for "no such object" (HEAD answers a bare 404, GET and COPY a NoSuchKey). */
export function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return s3Status(error) === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

/** True when a conditional request (If-Match) found the object changed. */
export function isPreconditionFailed(error: unknown): boolean {
  return (
    s3Status(error) === 412 || (error as { name?: string } | null)?.name === 'PreconditionFailed'
  );
}
