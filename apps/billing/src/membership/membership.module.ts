import { Module, type DynamicModule } from '@nestjs/common';
import { MembersService } from './members.service';

/** The member rows and the membership rule, for every part of billing that moves them. */
@Module({})
export class MembershipModule {
  static forRoot(): DynamicModule {
    return {
      module: MembershipModule,
      global: true,
      providers: [MembersService],
      exports: [MembersService],
    };
  }
}
