import { Messages } from '@jibs/domain';
import type { EventData, EventEnvelope, EventType } from '@jibs/events';
import { readMailbox, type StoredMail } from '@jibs/mailer';
import { startedForTests, startSubgraph, TestSubgraph } from '@jibs/testing';
import { NotificationEntity } from '../notifications/notification.entity';
import type { NotificationsConfig } from '../notifications.config';
import { notificationsService } from '../notifications.module';

/** The notifications service under test: the shared test subgraph with a mailbox folder. */
export class NotificationsHarness extends TestSubgraph<NotificationsConfig> {
  /** Tells notifications about a member (`user.registered`) and waits until it applied it. */
  async registerMember(userId: string, firstName = 'Amina'): Promise<void> {
    await this.aMember({ id: userId, firstName, lastName: 'Rahman', registered: true });
  }

  /** Whether the consumer group has handled the event (it is in the group's inbox). */
  async handledBy(eventId: string, group: string): Promise<boolean> {
    return (
      (await this.count('inbox', 'consumer_group = $1 AND event_id = $2', [group, eventId])) === 1
    );
  }

  /** The member's notifications but the welcome (registering them made one). */
  async notificationsOf(userId: string): Promise<NotificationEntity[]> {
    return (
      await this.dataSource.getRepository(NotificationEntity).find({ where: { userId } })
    ).filter((notification) => notification.title !== Messages.welcomeTitle);
  }

  /** The messages the mail transport wrote to this address. */
  async mailsTo(address: string): Promise<StoredMail[]> {
    return (await readMailbox(this.mailbox)).filter((mail) => mail.to === address);
  }
}

export function startNotifications(
  options: { gatewaySecret?: string; listen?: boolean } = {},
): Promise<NotificationsHarness> {
  return startSubgraph(
    notificationsService,
    { mailbox: true, listen: options.listen ?? false, gatewaySecret: options.gatewaySecret },
    NotificationsHarness,
  );
}

/**
 * Notifications started for the enclosing `describe`, and its helpers as plain functions for
 * the block's tests (each works once the service started).
 */
export function notificationsUnderTest(options: { listen?: boolean } = {}) {
  const h = startedForTests(() => startNotifications(options));
  const tokenFor = async (userId: string, role: 'member' | 'admin' = 'member') =>
    (await h().identity.token(role, userId, { email: `${userId}@example.com` })).token;
  return {
    harness: h,
    gql: (query: string, variables: object = {}, token?: string) =>
      h().gql(query, variables, token),
    tokenFor,
    /** A new admin's token. */
    anAdmin: async () => (await h().anAdmin()).token,
    envelope: <T extends EventType>(type: T, data: EventData<T>, subject: string) =>
      h().envelope(type, data, subject),
    publish: (events: EventEnvelope[], times = 1) => h().publish(events, times),
    registerMember: (userId: string, firstName?: string) => h().registerMember(userId, firstName),
    handledBy: (eventId: string, group: string) => h().handledBy(eventId, group),
    notificationsOf: (userId: string) => h().notificationsOf(userId),
    mailsTo: (address: string) => h().mailsTo(address),
  };
}
