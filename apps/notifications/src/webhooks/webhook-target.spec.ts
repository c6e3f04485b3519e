import { WebhookMessages } from '@jibs/domain';
import { checkTarget, checkTargetForm, isPublicAddress } from './webhook-target';

const production = { allowPrivate: false };
const development = { allowPrivate: true };

describe('webhook targets', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.9', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['224.0.0.1', false],
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses in production what is not a public https address, saying why', async () => {
    expect(checkTargetForm('', production)).toEqual({
      ok: false,
      message: WebhookMessages.urlRequired,
    });
    expect(checkTargetForm('example.org/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.urlInvalid,
    });
    expect(checkTargetForm('ftp://example.org/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.urlInvalid,
    });
    expect(checkTargetForm('http://example.org/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.httpsRequired,
    });
    expect(checkTargetForm('https://user:pw@example.org/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.credentialsInUrl,
    });
    expect(await checkTarget('https://127.0.0.1/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.privateAddress,
    });
    expect(await checkTarget('https://[::1]:8443/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.privateAddress,
    });
    // `localhost` resolves to loopback: refused by where it points, not by its name.
    expect(await checkTarget('https://localhost/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.privateAddress,
    });
    expect(await checkTarget('https://no-such-host.invalid/hook', production)).toEqual({
      ok: false,
      message: WebhookMessages.unresolvable,
    });
    expect(await checkTarget('https://93.184.216.34/hook', production)).toMatchObject({ ok: true });
  });

  it('allows a local http endpoint outside production (the sample consumer, tests)', async () => {
    expect(await checkTarget('http://127.0.0.1:4100/hook', development)).toMatchObject({
      ok: true,
    });
  });
});
