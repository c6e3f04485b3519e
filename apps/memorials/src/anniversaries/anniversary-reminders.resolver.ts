import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, RegisteredMember, type AuthUser } from '@jibs/auth';
import {
  AnniversaryReminderInput,
  AnniversaryReminderModel,
  AnniversaryRemindersModel,
} from './anniversary-reminders.model';
import { AnniversaryRemindersService, type ReminderState } from './anniversary-reminders.service';

function toModel(memorialId: string, states: ReminderState[]): AnniversaryRemindersModel {
  return Object.assign(new AnniversaryRemindersModel(), {
    memorialId,
    reminders: states.map((state) =>
      AnniversaryReminderModel.from(state.anniversary, state.enabled),
    ),
  });
}

@Resolver(() => AnniversaryRemindersModel)
export class AnniversaryRemindersResolver {
  constructor(private readonly service: AnniversaryRemindersService) {}

  @RegisteredMember()
  @Query(() => AnniversaryRemindersModel, {
    description:
      "The caller's yearly reminders of a memorial's anniversary (Hijri and Gregorian): the creator's and connected family's only, of a memorial with a date of death.",
  })
  async myAnniversaryReminders(
    @CurrentUser() user: AuthUser,
    @Args('memorialId', { type: () => ID }) memorialId: string,
  ): Promise<AnniversaryRemindersModel> {
    return toModel(memorialId, await this.service.mine(user, memorialId));
  }

  @RegisteredMember()
  @Mutation(() => AnniversaryRemindersModel, {
    description:
      "Turns the caller's reminder of a memorial's Hijri or Gregorian anniversary on or off (sent the day before, once a year).",
  })
  async setAnniversaryReminder(
    @CurrentUser() user: AuthUser,
    @Args('input') input: AnniversaryReminderInput,
  ): Promise<AnniversaryRemindersModel> {
    return toModel(
      input.memorialId,
      await this.service.set(user, input.memorialId, input.calendar, input.enabled),
    );
  }
}
