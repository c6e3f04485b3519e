import { startSubgraph, TestSubgraph } from '@jibs/testing';
import type { NotificationsConfig } from '../notifications.config';
import { notificationsService } from '../notifications.module';

/** The notifications service under test: the shared test subgraph with a mailbox folder. */
export class NotificationsHarness extends TestSubgraph<NotificationsConfig> {
  /** Tells notifications about a member (`user.registered`) and waits until it applied it. */
  async registerMember(userId: string, firstName = 'Amina'): Promise<void> {
    await this.aMember({ id: userId, firstName, lastName: 'Rahman', registered: true });
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
