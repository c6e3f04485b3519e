/** A GraphQL-over-HTTP client that keeps cookies, as a browser would, for API-level tests. */
export class GraphQLClient {
  private cookies = new Map<string, string>();
  accessToken?: string;

  constructor(private readonly endpoint: string) {}

  async request<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{
    data?: T;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
    status: number;
  }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.accessToken) headers['authorization'] = `Bearer ${this.accessToken}`;
    if (this.cookies.size)
      headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const joined = value.join('=');
      if (joined) this.cookies.set(name!.trim(), joined);
      else this.cookies.delete(name!.trim());
    }
    const body = (await res.json()) as {
      data?: T;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    };
    return { ...body, status: res.status };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** A valid registration (step 1) with a unique email: the one the integration tests use. */
export { aSignUp } from '@jibs/testing';
