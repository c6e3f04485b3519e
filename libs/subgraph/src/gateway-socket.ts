import WebSocket from 'ws';

/**
 * A `ws` WebSocket class that sends these headers with its handshake, for graphql-ws clients
 * (`webSocketImpl`): the gateway's credential on a subgraph's subscription socket.
 */
export function webSocketWithHeaders(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  };
}
