import {
  badGraphQLRequest,
  hasBadText,
  hasMalformedOwnCookie,
  nestingDepthOf,
} from './request-text';

describe('request text', () => {
  it('finds NUL bytes and lone surrogates, not real text', () => {
    expect(hasBadText('a\u0000b')).toBe(true);
    expect(hasBadText('\ud800')).toBe(true);
    expect(hasBadText('x\udc00')).toBe(true);
    expect(hasBadText('Amina 😀 Ünal')).toBe(false);
  });

  it('measures nesting outside strings and comments', () => {
    expect(nestingDepthOf('{ a { b } }')).toBe(2);
    expect(nestingDepthOf('{ a(s: "{{{{") # {{{{\n }')).toBe(1);
    expect(nestingDepthOf('{ a(s: """ {{{ """) }')).toBe(1);
    expect(nestingDepthOf(`${'{ a '.repeat(5000)}${'}'.repeat(5000)}`)).toBe(5000);
  });

  it('names the problem of a request anywhere in it', () => {
    expect(badGraphQLRequest({ query: '{ me { id } }', variables: { a: ['x'] } })).toBeUndefined();
    expect(badGraphQLRequest({ query: '{ me }', variables: { input: { name: 'a\u0000' } } })).toBe(
      'Text must not contain NUL characters or unpaired surrogates.',
    );
    expect(badGraphQLRequest({ query: `${'{ a '.repeat(5000)}${'}'.repeat(5000)}` })).toBe(
      'The request is nested too deeply.',
    );
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(badGraphQLRequest({ query: '{ a }', variables: { deep } })).toBe(
      'The request is nested too deeply.',
    );
  });

  it('finds malformed cookies of this product only', () => {
    expect(hasMalformedOwnCookie('jibs_refresh=%%%')).toBe(true);
    expect(hasMalformedOwnCookie('a=1; jibs_refresh=%E0%A4%A')).toBe(true);
    expect(hasMalformedOwnCookie('jibs_refresh=%00')).toBe(true);
    expect(hasMalformedOwnCookie('jibs_refresh=abc.def-1_2')).toBe(false);
    expect(hasMalformedOwnCookie('other=%%%; jibs_refresh=ok')).toBe(false);
    expect(hasMalformedOwnCookie(undefined)).toBe(false);
  });
});
