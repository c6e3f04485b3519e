import { NotificationsInitial1795314875957 } from './1795314875957-notifications-initial';
import { BillingNotifications1795319007358 } from './1795319007358-billing-notifications';
import { ReviewMails1795493669237 } from './1795493669237-review-mails';
import { AuditTrail1795504271047 } from './1795504271047-audit-trail';
import { AuditEntries1795510000000 } from './1795510000000-audit-entries';
import { DropSubscriptionStates1795752141269 } from './1795752141269-drop-subscription-states';
import { Webhooks1795764907537 } from './1795764907537-webhooks';
import { JanazahFanOutAndPreferences1795763960498 } from './1795763960498-janazah-fan-out-and-preferences';
import { OutgoingMailCategory1795765719949 } from './1795765719949-outgoing-mail-category';
import { MemberLanguages1795776228195 } from './1795776228195-member-languages';

/** Its own (`defineService` adds the event tables'). New migrations are generated with `npm run migration:generate -- notifications <Name>`. */
export const notificationsMigrations = [
  NotificationsInitial1795314875957,
  BillingNotifications1795319007358,
  ReviewMails1795493669237,
  AuditTrail1795504271047,
  AuditEntries1795510000000,
  DropSubscriptionStates1795752141269,
  Webhooks1795764907537,
  JanazahFanOutAndPreferences1795763960498,
  OutgoingMailCategory1795765719949,
  MemberLanguages1795776228195,
];
