import { Injectable } from '@nestjs/common';
import { Recurring } from '@jibs/jobs';
import { AnniversaryRemindersService } from './anniversary-reminders.service';

export const ANNIVERSARY_JOB = 'memorials.anniversary-reminders';

/**
 * Hourly, once across replicas (libs/jobs), sends the reminders due today: the first run of the
 * day before sends them, later runs find them sent. Hourly rather than daily, so a replica down
 * at one hour, or a run that failed, costs an hour, not the reminder.
 */
@Injectable()
export class AnniversaryScheduler {
  constructor(private readonly reminders: AnniversaryRemindersService) {}

  @Recurring(ANNIVERSARY_JOB, { cron: '5 * * * *' })
  async run(): Promise<void> {
    await this.reminders.sendDue();
  }
}
