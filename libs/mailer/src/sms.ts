import { MailboxMailer } from './mailer';

export interface SmsMessage {
  /** E.164, e.g. +13135550199. */
  to: string;
  text: string;
}

/** Outgoing text messages, whatever carries them (the local mailbox now, a provider at scale). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The local stack's SMS: each text lands in the same mailbox as the emails, as a message
 * titled 'SMS to +1…', so one page shows everything the service sent.
 */
export class MailboxSmsSender implements SmsSender {
  private readonly mailbox: MailboxMailer;

  constructor(directory: string, from = 'JIBS SMS') {
    this.mailbox = new MailboxMailer(directory, from);
  }

  async send(message: SmsMessage): Promise<void> {
    await this.mailbox.send({
      to: message.to,
      subject: `SMS to ${message.to}`,
      text: message.text,
    });
  }
}

/** Why a text was not handed over: `permanent` ones (bad number, refused key) are not retried. */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export interface HttpSmsOptions {
  /** The provider's base URL; texts are POSTed to `{baseUrl}/messages`. */
  baseUrl: string;
  apiKey: string;
  /** Each attempt's limit. */
  timeoutMs?: number;
  /** Attempts after the first when the provider answers 5xx, times out or is unreachable. */
  retries?: number;
  /** Wait before retry n (ms): backoff * n. */
  backoffMs?: number;
  from?: string;
}

/**
 * A generic HTTP SMS provider: `POST {baseUrl}/messages` with `{ to, text, from }` as JSON and
 * `Authorization: Bearer {apiKey}`; 2xx is accepted. 5xx, timeouts and network errors are
 * retried (a few times, backing off); 4xx is the caller's fault and is not.
 */
export class HttpSmsSender implements SmsSender {
  private readonly endpoint: string;

  constructor(private readonly options: HttpSmsOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/messages`;
  }

  async send(message: SmsMessage): Promise<void> {
    const retries = this.options.retries ?? 2;
    let lastError: SmsDeliveryError | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await delay((this.options.backoffMs ?? 200) * attempt);
      try {
        await this.attempt(message);
        return;
      } catch (error) {
        lastError =
          error instanceof SmsDeliveryError
            ? error
            : new SmsDeliveryError(`SMS provider unreachable: ${describe(error)}`, false);
        if (lastError.permanent) throw lastError;
      }
    }
    throw lastError!;
  }

  private async attempt(message: SmsMessage): Promise<void> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.options.apiKey}`,
      },
      body: JSON.stringify({ to: message.to, text: message.text, from: this.options.from }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
    });
    // Drained either way, so the connection is reused.
    const body = await response.text().catch(() => '');
    if (response.ok) return;
    const detail = providerMessage(body);
    if (response.status === 401 || response.status === 403) {
      throw new SmsDeliveryError('SMS provider refused the API key', true, response.status);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new SmsDeliveryError(
        `SMS provider failed (${response.status})${detail}`,
        false,
        response.status,
      );
    }
    throw new SmsDeliveryError(
      `SMS provider rejected the text (${response.status})${detail}`,
      true,
      response.status,
    );
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** By name: fetch's DOMException may come from another realm than this module's Error. */
function describe(error: unknown): string {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'TimeoutError') return 'timed out';
  return typeof message === 'string' ? message : String(error);
}

function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const text = parsed.error ?? parsed.message;
    return typeof text === 'string' ? `: ${text.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

export type SmsEnv =
  | { SMS_TRANSPORT: 'mailbox'; MAILBOX_DIR: string }
  | { SMS_TRANSPORT: 'none' }
  | {
      SMS_TRANSPORT: 'http';
      MAILBOX_DIR?: string;
      SMS_HTTP_URL?: string;
      SMS_HTTP_API_KEY?: string;
      SMS_HTTP_TIMEOUT_MS?: number;
      SMS_FROM?: string;
    };

/** No provider: nothing may be texted (callers check `SMS_TRANSPORT` first; this is the guard). */
export class NoSmsSender implements SmsSender {
  send(): Promise<void> {
    return Promise.reject(new SmsDeliveryError('no SMS transport is configured', true));
  }
}

export function createSmsSender(env: SmsEnv): SmsSender {
  switch (env.SMS_TRANSPORT) {
    case 'none':
      return new NoSmsSender();
    case 'mailbox':
      return new MailboxSmsSender(env.MAILBOX_DIR);
    case 'http':
      return new HttpSmsSender({
        baseUrl: env.SMS_HTTP_URL!,
        apiKey: env.SMS_HTTP_API_KEY!,
        timeoutMs: env.SMS_HTTP_TIMEOUT_MS,
        from: env.SMS_FROM,
      });
  }
}
