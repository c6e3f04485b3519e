import { registerEnumType } from '@nestjs/graphql';
import { ReviewStatus } from '@jibs/domain';

/** An admin's decision on a document. */
export enum ReviewDecision {
  APPROVED = 'approved',
  REJECTED = 'rejected',
}

registerEnumType(ReviewStatus, { name: 'ReviewStatus' });
registerEnumType(ReviewDecision, { name: 'ReviewDecision' });

export { ReviewStatus };
