import type { EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS } from '@jibs/domain';
import { ORGANISATION_ROW, OrganisationEntity } from '../billing/organisation.entity';

/**
 * Whether the admin's "Email notifications" setting is on, as this service last learned it from
 * `settings.updated` (the default until then). Read in the event's transaction, so a mail is
 * owed or not by the setting in force when its event was handled: mails not recorded while it is
 * off are never sent later, turning it back on does not send a backlog.
 */
export async function emailNotificationsOn(manager: EntityManager): Promise<boolean> {
  const row = await manager
    .getRepository(OrganisationEntity)
    .findOne({ where: { id: ORGANISATION_ROW }, select: { id: true, emailNotifications: true } });
  return row?.emailNotifications ?? DEFAULT_SETTINGS.emailNotifications;
}
