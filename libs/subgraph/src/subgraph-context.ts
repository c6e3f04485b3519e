import type { Request, Response } from 'express';
import type { AuthUser } from '@jibs/auth';

/** The GraphQL context of every subgraph: the HTTP pair, or the verified WebSocket user. */
export interface SubgraphContext {
  req?: Request;
  res?: Response;
  user?: AuthUser | null;
  connectionUser?: AuthUser | null;
}

interface WsContextArg {
  connectionParams?: Record<string, unknown>;
  extra?: { user?: AuthUser | null };
}

export function buildContext(
  arg: { req?: Request; res?: Response } | WsContextArg,
): SubgraphContext {
  if ('connectionParams' in arg || 'extra' in arg) {
    return { connectionUser: (arg as WsContextArg).extra?.user ?? null };
  }
  const http = arg as { req?: Request; res?: Response };
  return { req: http.req, res: http.res };
}
