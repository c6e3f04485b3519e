import { DataSource } from 'typeorm';
import { enqueue, InboxEntity, OutboxEntity } from '@jibs/events';

/**
 * Commits a `user.registered` event to identity's outbox, exactly as identity does, so a test
 * or benchmark can make the real relay, bus and consumers deliver a new notification to a user.
 */
export async function openIdentityOutbox(
  databaseUrl: string,
  options: { connections?: number } = {},
) {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    entities: [OutboxEntity, InboxEntity],
    ...(options.connections ? { extra: { max: options.connections } } : {}),
  });
  await dataSource.initialize();
  return {
    publishRegistered: (user: { id: string; email: string; firstName: string; lastName: string }) =>
      dataSource.transaction((manager) =>
        enqueue(
          manager,
          'user.registered',
          {
            userId: user.id,
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            role: 'member',
          },
          { source: 'jibs/identity', subject: user.id },
        ),
      ),
    close: () => dataSource.destroy(),
  };
}
