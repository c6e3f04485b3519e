import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where handled event ids are kept: your database, in the same transaction as the effect. */
export interface SeenStore {
  has(id: string): Promise<boolean>;
  add(id: string): Promise<void>;
}

/** A JIBS event as delivered: its CloudEvents envelope. */
export interface JibsEvent {
  id: string;
  type: string;
  source: string;
  subject: string;
  time: string;
  dataversion: number;
  data: unknown;
}

export function createWebhookConsumer(options: {
  secret: string;
  handle: (event: JibsEvent) => Promise<void>;
  seen?: SeenStore;
}): (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export function memorySeen(): SeenStore;
