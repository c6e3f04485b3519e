import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Roles } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { AuditUserReference } from '../audit/audit-trail.model';
import {
  SentMessageFilterInput,
  SentMessageModel,
  SentMessagePageModel,
  SentMessageStatsModel,
} from './sent-messages.model';
import { SENT_PAGE_DEFAULT, SentMessagesService } from './sent-messages.service';

@Resolver(() => SentMessageModel)
export class SentMessagesResolver {
  constructor(private readonly sent: SentMessagesService) {}

  @Roles(Role.ADMIN)
  @Query(() => SentMessagePageModel, {
    description:
      "Admins only: what notifications sent (in-app, emails with their delivery status), newest first; `after` is the previous page's `endCursor`.",
  })
  async sentMessages(
    @Args('filter', { type: () => SentMessageFilterInput, nullable: true })
    filter?: SentMessageFilterInput | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: SENT_PAGE_DEFAULT })
    first?: number | null,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): Promise<SentMessagePageModel> {
    const page = await this.sent.page(filter, first, after);
    return Object.assign(new SentMessagePageModel(), {
      entries: page.rows.map((row) =>
        Object.assign(new SentMessageModel(), {
          id: row.id,
          channel: row.channel,
          kind: row.kind,
          member: row.user_id ? AuditUserReference.of(row.user_id) : null,
          toAddress: row.to_address,
          subject: row.subject,
          status: row.status,
          createdAt: row.created_at,
          sentAt: row.sent_at,
        }),
      ),
      endCursor: page.endCursor,
      hasNextPage: page.hasNextPage,
    });
  }

  @Roles(Role.ADMIN)
  @Query(() => SentMessageStatsModel, { description: 'Admins only: counts of what was sent.' })
  async sentMessageStats(): Promise<SentMessageStatsModel> {
    return Object.assign(new SentMessageStatsModel(), await this.sent.stats());
  }
}
