import { registerEnumType } from '@nestjs/graphql';
import {
  CheckoutKind,
  CheckoutState,
  MemberFeeStatus,
  MembershipStatus,
  PaymentStatus,
  PaymentType,
  Relationship,
  SubscriptionStatus,
} from '@jibs/domain';

registerEnumType(Relationship, { name: 'Relationship' });
registerEnumType(MembershipStatus, { name: 'MembershipStatus' });
registerEnumType(PaymentStatus, { name: 'PaymentStatus' });
registerEnumType(PaymentType, { name: 'PaymentType' });
registerEnumType(SubscriptionStatus, { name: 'SubscriptionStatus' });
registerEnumType(MemberFeeStatus, {
  name: 'MemberFeeStatus',
  valuesMap: {
    IN_REGISTRATION: {
      description: 'Counted in the registration fee (added during registration).',
    },
    PAYMENT_DUE: { description: 'Added after registration; its $25 is not paid yet.' },
    NO_FEE: { description: 'A child working full time, or a parent not dependent: no fee.' },
  },
});
registerEnumType(CheckoutKind, { name: 'CheckoutKind' });
registerEnumType(CheckoutState, { name: 'CheckoutState' });

export {
  CheckoutKind,
  CheckoutState,
  MemberFeeStatus,
  MembershipStatus,
  PaymentStatus,
  PaymentType,
  Relationship,
  SubscriptionStatus,
};
