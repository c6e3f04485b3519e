import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, Public, Roles, type AuthUser } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { UpdateSiteSettingsInput } from './dto/update-site-settings.input';
import { PublicSettingsModel } from './public-settings.model';
import { SettingsService, type StoredSettings } from './settings.service';
import { SiteAdminModel } from './site-admin.model';
import { SiteSettingsModel } from './site-settings.model';

@Resolver()
export class SettingsResolver {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @Query(() => PublicSettingsModel, {
    description: "Anyone: what the public pages and the wizard's summary show.",
  })
  async publicSettings(): Promise<PublicSettingsModel> {
    const settings = await this.settings.current();
    return Object.assign(new PublicSettingsModel(), {
      siteName: settings.siteName,
      registrationFee: settings.registrationFee,
      monthlyDues: settings.monthlyDues,
      memberFee: settings.memberFee,
      maxFileSizeMb: settings.maxFileSizeMb,
      allowedFileTypes: settings.allowedFileTypes,
      maintenanceMode: settings.maintenanceMode,
    });
  }

  @Roles(Role.ADMIN)
  @Query(() => SiteSettingsModel, { description: 'Admins only.' })
  async siteSettings(): Promise<SiteSettingsModel> {
    return toModel(await this.settings.current());
  }

  @Roles(Role.ADMIN)
  @Query(() => [SiteAdminModel], {
    description: 'Admins only: every administrator, the longest-serving first.',
  })
  async siteAdmins(): Promise<SiteAdminModel[]> {
    return (await this.settings.admins()).map((admin) =>
      Object.assign(new SiteAdminModel(), admin),
    );
  }

  @Roles(Role.ADMIN)
  @Mutation(() => SiteSettingsModel, { description: 'Admins only. Publishes settings.updated.' })
  async updateSiteSettings(
    @CurrentUser() admin: AuthUser,
    @Args('input') input: UpdateSiteSettingsInput,
  ): Promise<SiteSettingsModel> {
    return toModel(await this.settings.update({ ...input }, admin.id));
  }
}

function toModel(settings: StoredSettings): SiteSettingsModel {
  return Object.assign(new SiteSettingsModel(), settings);
}
