import { Inject } from '@nestjs/common';
import {
  Args,
  Context,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import DataLoader from 'dataloader';
import {
  CurrentUser,
  Public,
  RegisteredMember,
  REGISTRATION_LOOKUP,
  registeredViewer,
  Roles,
  type AuthUser,
  type RegistrationLookup,
} from '@jibs/auth';
import { Role } from '@jibs/domain';
import { JanazahNoticeInput } from './dto/janazah-notice.input';
import { JanazahAttendeeModel, JanazahNoticeModel } from './janazah-notice.model';
import { JanazahService, type SeenNotice } from './janazah.service';

const model = ({ notice, facts }: SeenNotice) => JanazahNoticeModel.from(notice, facts);

/** Per request: the attendees of every notice asked about, read with one query. */
const ATTENDEES = Symbol('janazahAttendees');
type AttendeesContext = { [ATTENDEES]?: DataLoader<string, JanazahAttendeeModel[]> };

/**
 * Janazah notices. The fields are decided by the operation that returned the notice (the service
 * leaves out the family contact for a visitor), except the attendees' names: admins only.
 */
@Resolver(() => JanazahNoticeModel)
export class JanazahResolver {
  constructor(
    private readonly janazah: JanazahService,
    @Inject(REGISTRATION_LOOKUP) private readonly registrations: RegistrationLookup,
  ) {}

  @Public()
  @Query(() => [JanazahNoticeModel], {
    description:
      'Upcoming and recent janazah notices (prayer in the last 14 days or to come), newest prayer first. Visitors see the public ones, without the family contact; registered members and admins all of them.',
  })
  async janazahNotices(@CurrentUser() user: AuthUser | null): Promise<JanazahNoticeModel[]> {
    return (await this.janazah.list(await registeredViewer(this.registrations, user))).map(model);
  }

  @Public()
  @Query(() => JanazahNoticeModel, {
    description: "NOT_FOUND 'Janazah notice not found' when it does not exist or may not be seen.",
  })
  async janazahNotice(
    @CurrentUser() user: AuthUser | null,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<JanazahNoticeModel> {
    return model(await this.janazah.get(await registeredViewer(this.registrations, user), id));
  }

  @Public()
  @Query(() => [JanazahNoticeModel], {
    description: 'The landing page: the next public notices, soonest first (1 to 10).',
  })
  async nextJanazahNotices(
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 3 }) limit: number,
  ): Promise<JanazahNoticeModel[]> {
    return (await this.janazah.nextPublic(limit)).map(model);
  }

  @RegisteredMember()
  @Mutation(() => JanazahNoticeModel, {
    description:
      'For an approved report: admins, or the reporting member when the site allows it. One active notice per report. Publishes janazah.published.',
  })
  async publishJanazahNotice(
    @CurrentUser() user: AuthUser,
    @Args('reportId', { type: () => ID }) reportId: string,
    @Args('input') input: JanazahNoticeInput,
  ): Promise<JanazahNoticeModel> {
    return model(await this.janazah.publish(user, reportId, input));
  }

  @RegisteredMember()
  @Mutation(() => JanazahNoticeModel, {
    description:
      'Replaces every field before the prayer time; whoever may publish it. Publishes janazah.updated.',
  })
  async updateJanazahNotice(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: JanazahNoticeInput,
  ): Promise<JanazahNoticeModel> {
    return model(await this.janazah.edit(user, id, input));
  }

  @RegisteredMember()
  @Mutation(() => JanazahNoticeModel, {
    description: 'With a reason, before the prayer time. Publishes janazah.cancelled.',
  })
  async cancelJanazahNotice(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true }) reason?: string | null,
  ): Promise<JanazahNoticeModel> {
    return model(await this.janazah.cancel(user, id, reason));
  }

  @RegisteredMember()
  @Mutation(() => JanazahNoticeModel, {
    description: "'I will attend' (saying it twice counts once); before the prayer time.",
  })
  async attendJanazah(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<JanazahNoticeModel> {
    return model(await this.janazah.attend(user, id));
  }

  @RegisteredMember()
  @Mutation(() => JanazahNoticeModel, { description: "Takes back 'I will attend'." })
  async unattendJanazah(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<JanazahNoticeModel> {
    return model(await this.janazah.unattend(user, id));
  }

  @Roles(Role.ADMIN)
  @ResolveField(() => [JanazahAttendeeModel], {
    description: "Admins only: the members who said 'I will attend', earliest first.",
  })
  attendees(
    @Parent() notice: JanazahNoticeModel,
    @Context() context: AttendeesContext,
  ): Promise<JanazahAttendeeModel[]> {
    context[ATTENDEES] ??= new DataLoader(async (ids: readonly string[]) => {
      const rows = await this.janazah.attendees(ids);
      return ids.map((id) =>
        rows
          .filter((row) => row.noticeId === id)
          .map((row) => JanazahAttendeeModel.of(row.userId, row.createdAt)),
      );
    });
    return context[ATTENDEES].load(notice.id);
  }
}
