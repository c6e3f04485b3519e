import { decideDelivery, type DeliveryFacts, type MessageClass } from './delivery-decision';

const facts = (over: Partial<DeliveryFacts> = {}): DeliveryFacts => ({
  choice: null,
  hasEmail: true,
  verifiedPhone: true,
  site: { emailNotifications: true, smsNotifications: true },
  ...over,
});
const site = (emailNotifications: boolean, smsNotifications: boolean) => ({
  site: { emailNotifications, smsNotifications },
});

describe('decideDelivery: the one decision of how a member is told', () => {
  it.each<[string, MessageClass, DeliveryFacts, { email: boolean; sms: boolean }]>([
    ['defaults: email, no SMS', 'janazah', facts(), { email: true, sms: false }],
    [
      'their choice: SMS on, email off',
      'janazah',
      facts({ choice: { email: false, sms: true } }),
      { email: false, sms: true },
    ],
    [
      'SMS chosen without a verified phone',
      'janazah',
      facts({ choice: { email: true, sms: true }, verifiedPhone: false }),
      { email: true, sms: false },
    ],
    ['no known address', 'memorials', facts({ hasEmail: false }), { email: false, sms: false }],
    [
      "the site's email switch off",
      'payments',
      facts({ ...site(false, true), choice: { email: true, sms: true } }),
      { email: false, sms: true },
    ],
    [
      "the site's SMS switch off",
      'janazah',
      facts({ ...site(true, false), choice: { email: true, sms: true } }),
      { email: true, sms: false },
    ],
    [
      'essential, whatever the member chose',
      'essential',
      facts({ choice: { email: false, sms: true } }),
      { email: true, sms: false },
    ],
    [
      'essential while the site sends no email',
      'essential',
      facts(site(false, true)),
      { email: false, sms: false },
    ],
  ])('%s', (_case, message, given, expected) => {
    expect(decideDelivery(message, given)).toEqual({
      bell: true,
      ...expected,
      unsubscribable: message !== 'essential',
    });
  });
});
