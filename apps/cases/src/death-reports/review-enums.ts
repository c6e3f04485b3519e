import { registerEnumType } from '@nestjs/graphql';
import { ReviewStatus } from '@jibs/domain';

/** What an admin decides about a pending report; values are the stored statuses. */
export enum ReviewDecision {
  APPROVED = 'approved',
  REJECTED = 'rejected',
}

registerEnumType(ReviewStatus, { name: 'ReviewStatus' });
registerEnumType(ReviewDecision, { name: 'ReviewDecision' });

export { ReviewStatus };
