import {
  badGraphQLRequest,
  hasBadText,
  hasMalformedOwnCookie,
  nestingDepthOf,
  rejectBadGraphQLText,
  type RefusedBodyHandler,
} from './request-text';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Runs the door on one request; resolves with its answer, or 'next' when it let it through. */
function door(body: unknown, onRefused?: RefusedBodyHandler): Promise<string> {
  return new Promise((resolve) => {
    const res = {
      statusCode: 200,
      setHeader: () => undefined,
      end: (text: string) => resolve(`${res.statusCode} ${text}`),
    };
    const req = { headers: {}, body } as unknown as IncomingMessage & { body: unknown };
    rejectBadGraphQLText(onRefused)(req, res as unknown as ServerResponse, () => resolve('next'));
  });
}

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

  it('tells the refused-body handler before answering, and answers the same whatever it does', async () => {
    const refused = `400 ${JSON.stringify({ errors: [{ message: 'Text must not contain NUL characters or unpaired surrogates.', extensions: { code: 'BAD_USER_INPUT' } }] })}`;
    const body = { query: 'mutation($n: String) { a(n: $n) }', variables: { n: 'a\u0000' } };
    const told: unknown[] = [];
    let answered = false;
    const answer = door(body, async (_req, seen, problem) => {
      await Promise.resolve();
      told.push([seen, problem, answered]);
    }).then((text) => ((answered = true), text));
    expect(await answer).toBe(refused);
    expect(told).toEqual([
      [body, 'Text must not contain NUL characters or unpaired surrogates.', false],
    ]);

    expect(await door(body, () => Promise.reject(new Error('S3 is down')))).toBe(refused);
    expect(await door(body)).toBe(refused);
    const fine = jest.fn(() => Promise.resolve());
    expect(await door({ query: '{ a }' }, fine)).toBe('next');
    expect(fine).not.toHaveBeenCalled();
  });
});
