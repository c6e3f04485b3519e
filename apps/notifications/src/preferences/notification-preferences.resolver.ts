import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import {
  NotificationPreferenceChangeInput,
  NotificationPreferencesModel,
} from './notification-preferences.model';
import { NotificationPreferencesService } from './notification-preferences.service';

/** Only the signed-in member's own choices: there is no user argument. */
@Resolver(() => NotificationPreferencesModel)
export class NotificationPreferencesResolver {
  constructor(private readonly service: NotificationPreferencesService) {}

  @Authenticated()
  @Query(() => NotificationPreferencesModel, {
    description: 'How the signed-in member is told, per kind and channel.',
  })
  notificationPreferences(@CurrentUser() user: AuthUser): Promise<NotificationPreferencesModel> {
    return this.service.forMember(user.id);
  }

  @Authenticated()
  @Mutation(() => NotificationPreferencesModel, {
    description:
      "Changes the signed-in member's choices: all or none (unknown kind or channel, the bell off, or SMS without a verified phone is refused).",
  })
  setNotificationPreferences(
    @CurrentUser() user: AuthUser,
    @Args('changes', { type: () => [NotificationPreferenceChangeInput] })
    changes: NotificationPreferenceChangeInput[],
  ): Promise<NotificationPreferencesModel> {
    return this.service.change(user.id, changes);
  }
}
