import type { EntityManager } from 'typeorm';
import type { MemberEntity } from '../membership/member.entity';

/** Provider calls an event asks for, made once its transaction committed. */
export type FollowUp =
  | { kind: 'refund'; paymentId: string; paymentRef: string }
  | { kind: 'cancel-subscription'; subscriptionId: string };

/** What an applier works in: the event's transaction, its member (locked), the provider's time. */
export interface ApplyContext {
  manager: EntityManager;
  member: MemberEntity;
  /** The event's time at the provider, seconds since the epoch. */
  created: number;
  followUps: FollowUp[];
}
