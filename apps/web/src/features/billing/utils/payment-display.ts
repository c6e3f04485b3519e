/** Session ids are shown truncated to 8 characters (spec 9). */
export function shortSessionId(sessionId: string | null): string | null {
  return sessionId ? sessionId.slice(0, 8) : null;
}
