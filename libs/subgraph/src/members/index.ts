export * from './member.entity';
export { membersGroups } from './members.consumers';
export type { MembersOptions } from './members-read-model';
export * from './registration-lookup';
export * from './user-reference';
