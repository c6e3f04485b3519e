import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorCode } from '@jibs/domain';
import { RefreshSessionSource, SaveLanguageChoiceSource, SignOutSource } from '../gql/graphql';
import { hasErrorCode, toApiError } from './api-error';
import { createFetchTransport } from './session-transport';
import { createTokenStore } from './token-store';

interface Received {
  method?: string;
  headers: IncomingMessage['headers'];
  body: { query?: string; variables?: unknown };
}

/** A stand-in for the gateway: answers each request as the test says, and keeps what it got. */
async function aGateway(answer: (response: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method, headers: request.headers, body: JSON.parse(body) });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('the session transport (plain fetch)', () => {
  const gateways: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
  });

  async function withGateway(answer: (response: ServerResponse) => void) {
    const gateway = await aGateway(answer);
    gateways.push(gateway);
    const tokens = createTokenStore();
    const onMaintenance = jest.fn();
    const transport = createFetchTransport({ tokens, url: gateway.url, onMaintenance });
    return { gateway, tokens, transport, onMaintenance };
  }

  it('posts the operation as JSON with the token, and answers its data', async () => {
    const { gateway, tokens, transport } = await withGateway(
      json(200, { data: { updateProfile: { id: 'u1', language: 'ar', showHijri: null } } }),
    );
    tokens.set('token-u1');
    const data = await transport.send(SaveLanguageChoiceSource, {
      variables: { input: { language: 'ar' } },
    });
    expect(data.updateProfile).toEqual({ id: 'u1', language: 'ar', showHijri: null });
    const [request] = gateway.received;
    expect(request?.method).toBe('POST');
    // Not a "simple" request: the gateway's CSRF prevention lets it through.
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer token-u1');
    expect(request?.body).toEqual({
      query: SaveLanguageChoiceSource,
      variables: { input: { language: 'ar' } },
    });
  });

  it('sends no authorization while signed out', async () => {
    const { gateway, transport } = await withGateway(json(200, { data: { signOut: true } }));
    await transport.send(SignOutSource);
    expect(gateway.received[0]?.headers.authorization).toBeUndefined();
    expect(gateway.received[0]?.body).toEqual({ query: SignOutSource });
  });

  it("fails with a GraphQL error answer's code, message and field errors, as Apollo's link does", async () => {
    const answer = {
      data: null,
      errors: [
        {
          message: 'Please check the highlighted fields.',
          extensions: { code: ErrorCode.BadUserInput, fieldErrors: { 'input.language': 'Bad' } },
        },
      ],
    };
    const { transport, onMaintenance } = await withGateway(json(200, answer));
    const failure = await transport
      .send(SaveLanguageChoiceSource, { variables: { input: { language: 'xx' } } })
      .catch((error: unknown) => error);
    expect(hasErrorCode(failure, ErrorCode.BadUserInput)).toBe(true);
    expect(toApiError(failure)).toEqual({
      code: ErrorCode.BadUserInput,
      message: 'Please check the highlighted fields.',
      fieldErrors: { language: 'Bad' },
      network: false,
    });
    // The same answer through the Apollo client reads alike.
    expect(toApiError(failure)).toEqual(toApiError(new CombinedGraphQLErrors(answer)));
    expect(onMaintenance).not.toHaveBeenCalled();
  });

  it('recognises an ended session (UNAUTHENTICATED) whatever the status it comes with', async () => {
    const { transport } = await withGateway(
      json(401, {
        errors: [{ message: 'Session expired', extensions: { code: ErrorCode.Unauthenticated } }],
      }),
    );
    const failure = await transport.send(RefreshSessionSource).catch((error: unknown) => error);
    expect(hasErrorCode(failure, ErrorCode.Unauthenticated)).toBe(true);
    expect(toApiError(failure)).toMatchObject({ code: ErrorCode.Unauthenticated, network: false });
  });

  it('sends the visitor to the maintenance page when the gateway says so', async () => {
    const { transport, onMaintenance } = await withGateway(
      json(503, {
        errors: [{ message: 'Down for maintenance', extensions: { code: ErrorCode.Maintenance } }],
      }),
    );
    const failure = await transport.send(RefreshSessionSource).catch((error: unknown) => error);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(hasErrorCode(failure, ErrorCode.Maintenance)).toBe(true);
  });

  it('fails with the status of an answer that is not GraphQL (a proxy while the gateway is down)', async () => {
    const { transport } = await withGateway((response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    });
    const failure = await transport.send(RefreshSessionSource).catch((error: unknown) => error);
    expect(hasErrorCode(failure, ErrorCode.Unauthenticated)).toBe(false);
    expect(toApiError(failure)).toMatchObject({ network: false, status: 502 });
  });

  it('fails as a network error when nothing answers', async () => {
    const { gateway, transport } = await withGateway(json(200, {}));
    await gateway.close();
    const failure = await transport.send(RefreshSessionSource).catch((error: unknown) => error);
    expect(toApiError(failure)).toMatchObject({ network: true });
    expect(toApiError(failure).status).toBeUndefined();
  });

  it('gives up when its signal says so (the restore timeout)', async () => {
    // The gateway never answers.
    const { transport } = await withGateway(() => undefined);
    const failure = await transport
      .send(RefreshSessionSource, { signal: AbortSignal.timeout(50) })
      .catch((error: unknown) => error);
    expect(toApiError(failure)).toMatchObject({ network: true });
  });
});
