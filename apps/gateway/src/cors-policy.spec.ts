import { isAllowedSocketOrigin } from './cors-policy';

describe('isAllowedSocketOrigin', () => {
  const options = {
    allowedOrigins: ['https://admin.jibs.example'],
    publicOrigin: 'https://jibs.example',
  };

  it('admits non-browser clients, this origin and the listed ones', () => {
    expect(isAllowedSocketOrigin(undefined, 'gateway:8080', options)).toBe(true);
    expect(isAllowedSocketOrigin('https://jibs.example', 'gateway:8080', options)).toBe(true);
    expect(isAllowedSocketOrigin('https://admin.jibs.example', 'x', options)).toBe(true);
    expect(isAllowedSocketOrigin('http://127.0.0.1:8080', '127.0.0.1:8080', options)).toBe(true);
  });

  it('refuses other sites', () => {
    expect(isAllowedSocketOrigin('https://evil.example', 'jibs.example', options)).toBe(false);
    expect(isAllowedSocketOrigin('null', 'jibs.example', options)).toBe(false);
  });
});
