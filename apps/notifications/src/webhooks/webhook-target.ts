import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_LIMITS, WebhookMessages } from '@jibs/domain';

/** Whether endpoints may be plain http:// or reach private and loopback addresses (not in production). */
export interface TargetPolicy {
  allowPrivate: boolean;
}

export type TargetCheck = { ok: true; url: URL } | { ok: false; message: string };

/** The address's form: a full http(s) URL, https in production, no credentials in it. */
export function checkTargetForm(raw: string, policy: TargetPolicy): TargetCheck {
  const text = raw.trim();
  if (!text) return { ok: false, message: WebhookMessages.urlRequired };
  if (text.length > WEBHOOK_LIMITS.maxUrlLength) {
    return { ok: false, message: WebhookMessages.urlTooLong };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: WebhookMessages.urlInvalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: WebhookMessages.urlInvalid };
  }
  if (url.protocol === 'http:' && !policy.allowPrivate) {
    return { ok: false, message: WebhookMessages.httpsRequired };
  }
  if (url.username || url.password) return { ok: false, message: WebhookMessages.credentialsInUrl };
  return { ok: true, url };
}

/** Only public unicast addresses: no loopback, private, link-local, unique-local, CGNAT, multicast. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Checks the address and where its host resolves now: at registration and again before every
 * delivery, so a name that later points inside the network (DNS rebinding) is not followed.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<TargetCheck> {
  const form = checkTargetForm(raw, policy);
  if (!form.ok || policy.allowPrivate) return form;
  const host = form.url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return { ok: false, message: WebhookMessages.unresolvable };
  }
  if (addresses.length === 0) return { ok: false, message: WebhookMessages.unresolvable };
  if (!addresses.every(isPublicAddress)) {
    return { ok: false, message: WebhookMessages.privateAddress };
  }
  return form;
}
