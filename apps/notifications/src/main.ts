import { runService } from '@jibs/subgraph';
import { notificationsService } from './notifications.module';

runService(notificationsService);
