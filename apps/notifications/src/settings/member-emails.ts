import type { EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS } from '@jibs/domain';
import { ORGANISATION_ROW, OrganisationEntity } from '../billing/organisation.entity';

/**
 * The admin's "Email notifications" and "SMS notifications" settings, as this service last
 * learned them from `settings.updated` (the defaults until then). Read in the event's
 * transaction, so a message is owed or not by the setting in force when its event was handled:
 * mails not recorded while email is off are never sent later, turning it back on does not send
 * a backlog.
 */
export async function siteSwitches(
  manager: EntityManager,
): Promise<{ emailNotifications: boolean; smsNotifications: boolean }> {
  const row = await manager.getRepository(OrganisationEntity).findOne({
    where: { id: ORGANISATION_ROW },
    select: { id: true, emailNotifications: true, smsNotifications: true },
  });
  return {
    emailNotifications: row?.emailNotifications ?? DEFAULT_SETTINGS.emailNotifications,
    smsNotifications: row?.smsNotifications ?? DEFAULT_SETTINGS.smsNotifications,
  };
}
