import { Client } from 'pg';
import { eventually } from '@jibs/testing';
import type { LocalStack } from '@jibs/stack';
import type { GraphQLClient } from './graphql-client';

/**
 * Completed registration (spec 2, 6): a member reports a death, uploads documents and uses
 * memorials only once the registration fee is paid. The servers learn it from billing's
 * `membership.registration_paid`; these helpers pay the way a member does and wait until every
 * service that asks has learnt it.
 */

/** The services that refuse a member whose registration is not paid. */
const ASKING = ['cases', 'documents', 'memorials'] as const;

async function one<T>(url: string, sql: string, params: unknown[]): Promise<T | undefined> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows[0] as T | undefined;
  } finally {
    await client.end();
  }
}

/** Waits until cases, documents and memorials know the member completed registration. */
export async function registrationLearnt(stack: LocalStack, userId: string): Promise<void> {
  await eventually(
    async () => {
      for (const service of ASKING) {
        const row = await one<{ paid: boolean }>(
          stack.databaseUrl(service),
          'SELECT registration_paid AS paid FROM members WHERE user_id = $1',
          [userId],
        );
        if (!row?.paid) return undefined;
      }
      return true;
    },
    {
      timeoutMs: 20_000,
      intervalMs: 200,
      message: 'cases, documents and memorials to learn the registration',
    },
  );
}

/** The id of the account with this email (identity's). */
export async function userIdByEmail(stack: LocalStack, email: string): Promise<string> {
  const row = await one<{ id: string }>(
    stack.databaseUrl('identity'),
    'SELECT id FROM accounts WHERE lower(email) = lower($1)',
    [email],
  );
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
}

const START_REGISTRATION = `mutation { startRegistrationCheckout { id url } }`;

/**
 * The signed-in member (the client's session) pays the registration fee on the sandbox
 * checkout, as the wizard's Pay button leads them to, then waits until the services learnt it.
 */
export async function payRegistrationByApi(
  client: GraphQLClient,
  stack: LocalStack,
  userId: string,
): Promise<void> {
  // Billing learns of the verified member from the bus.
  const checkout = await eventually(
    async () =>
      (await client.request<{ startRegistrationCheckout: { url: string } }>(START_REGISTRATION))
        .data?.startRegistrationCheckout,
    { timeoutMs: 20_000, message: 'billing to accept the verified member' },
  );
  await payOnSandbox(stack, checkout.url);
  await registrationLearnt(stack, userId);
}

/** Pays a checkout on the sandbox's page (through the gateway), as a member's card would. */
async function payOnSandbox(stack: LocalStack, checkoutUrl: string): Promise<void> {
  const url = new URL(checkoutUrl);
  const paid = await fetch(`${stack.gatewayUrl}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      k: url.searchParams.get('k')!,
      action: 'pay',
      card: '4242424242424242',
    }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`the sandbox checkout answered ${paid.status}`);
}

const START_SUBSCRIPTION = `mutation { startSubscriptionCheckout { id url } }`;
const MY_SUBSCRIPTION = `{ mySubscription { status } }`;

/**
 * The signed-in member (registration paid) sets up monthly dues on the sandbox checkout, then
 * waits until billing shows the subscription active.
 */
export async function payMonthlyDuesByApi(client: GraphQLClient, stack: LocalStack): Promise<void> {
  const started = await client.request<{ startSubscriptionCheckout: { url: string } }>(
    START_SUBSCRIPTION,
  );
  const url = started.data?.startSubscriptionCheckout.url;
  if (!url) throw new Error(`no subscription checkout: ${JSON.stringify(started.errors)}`);
  await payOnSandbox(stack, url);
  await eventually(
    async () => {
      const { data } = await client.request<{ mySubscription: { status: string } | null }>(
        MY_SUBSCRIPTION,
      );
      return data?.mySubscription?.status === 'ACTIVE' ? true : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 200, message: 'billing to show the subscription active' },
  );
}
