/**
 * The slice of a pino logger the events library writes to. Services pass their own logger so
 * broker, relay and consumer messages carry the service's bindings (request id, service name).
 */
export interface EventLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: EventLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Error details that survive JSON logging (an Error's own fields are not enumerable). */
export function errorFields(error: unknown): {
  err: { message: string; name?: string; stack?: string };
} {
  if (error instanceof Error) {
    return { err: { message: error.message, name: error.name, stack: error.stack } };
  }
  return { err: { message: String(error) } };
}
