import { ErrorCode } from '@jibs/domain';
import { GraphQLAnswerError, type SessionTransport } from '@jibs/web-data';
import type { MemorialDetailFragment } from '../../../gql/graphql';
import { MemorialRead } from './memorial-read';
import { startVisitorRead, takeVisitorRead } from './visitor-read';
import { withPhotoOrder } from './photo-order';

function aMemorial(overrides: Partial<MemorialDetailFragment> = {}): MemorialDetailFragment {
  return {
    __typename: 'Memorial',
    id: 'm1',
    fullName: 'Amina bint Yusuf',
    birthDate: '1930-01-01',
    deathDate: '2020-01-01',
    birthLocation: 'Cairo',
    deathLocation: null,
    biography: null,
    privacyLevel: 'PUBLIC',
    profilePhotoId: null,
    profileImageUrl: null,
    memoryCount: 0,
    photoCount: 0,
    createdAt: '2026-01-01T00:00:00Z',
    viewerPermissions: {
      __typename: 'MemorialPermissions',
      canEdit: false,
      canInvite: false,
      canModerate: false,
      canAddMemory: false,
      canDeactivate: false,
      canRemind: false,
    },
    photos: [],
    timeline: [],
    ...overrides,
  } as MemorialDetailFragment;
}

const notFound = new GraphQLAnswerError([
  { message: 'Memorial not found', extensions: { code: ErrorCode.NotFound } },
]);
const lapsed = new GraphQLAnswerError([
  { message: 'Not signed in', extensions: { code: ErrorCode.Unauthenticated } },
]);

/**
 * The gateway as the page's fetch sees it: each request waits for the test's answer, and
 * records what was sent and with which token.
 */
function aGateway() {
  const requests: {
    query: string;
    variables: unknown;
    answer: (result: { memorial: MemorialDetailFragment | null } | Error) => void;
  }[] = [];
  const transport: SessionTransport = {
    send: (operation, options) =>
      new Promise((resolve, reject) =>
        requests.push({
          query: operation,
          variables: options?.variables,
          answer: (result) => (result instanceof Error ? reject(result) : resolve(result as never)),
        }),
      ),
  };
  return { transport, requests };
}

const visitor = { authorization: () => null, refresh: async () => false };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the memorial page's read", () => {
  it('sends the memorial query for its id and shows the answer', async () => {
    const { transport, requests } = aGateway();
    const read = new MemorialRead(transport, visitor, 'm1');
    expect(read.getState()).toEqual({ data: null, loading: true, error: null });

    const done = read.reload();
    expect(requests).toHaveLength(1);
    expect(requests[0].query).toMatch(/^query Memorial\(\$id:ID!\)\{memorial\(id:\$id\)/);
    expect(requests[0].variables).toEqual({ id: 'm1' });
    requests[0].answer({ memorial: aMemorial() });
    await done;
    expect(read.getState()).toEqual({ data: aMemorial(), loading: false, error: null });
  });

  it('reads as not found when the service has no memorial the viewer may see', async () => {
    for (const answer of [{ memorial: null }, notFound]) {
      const { transport, requests } = aGateway();
      const read = new MemorialRead(transport, visitor, 'm1');
      const done = read.reload();
      requests[0].answer(answer);
      await done;
      const { data: memorial, loading, error } = read.getState();
      expect(memorial).toBeNull();
      expect(loading).toBe(false);
      // What the page shows as not found: no failure, or a NOT_FOUND answer.
      expect(error === null || GraphQLAnswerError.has(error, ErrorCode.NotFound)).toBe(true);
    }
  });

  it('keeps a failure until a read again succeeds (try again)', async () => {
    const { transport, requests } = aGateway();
    const read = new MemorialRead(transport, visitor, 'm1');
    let done = read.reload();
    requests[0].answer(new TypeError('Failed to fetch'));
    await done;
    expect(read.getState()).toMatchObject({ data: null, loading: false });
    expect(read.getState().error).toBeInstanceOf(TypeError);

    done = read.reload();
    expect(read.getState()).toMatchObject({ loading: true });
    requests[1].answer({ memorial: aMemorial() });
    await done;
    expect(read.getState()).toEqual({ data: aMemorial(), loading: false, error: null });
  });

  it('keeps what shows while it reads again, and only the newest answer', async () => {
    const { transport, requests } = aGateway();
    const read = new MemorialRead(transport, visitor, 'm1');
    const changes: boolean[] = [];
    read.subscribe(() => changes.push(read.getState().loading));
    const first = read.reload();
    requests[0].answer({ memorial: aMemorial() });
    await first;

    // An owner saved twice: the second save's read answers before the first's.
    const older = read.reload();
    const newer = read.reload();
    expect(read.getState().data).toEqual(aMemorial());
    requests[2].answer({ memorial: aMemorial({ deathLocation: 'Medina' }) });
    requests[1].answer({ memorial: aMemorial({ deathLocation: 'Mecca' }) });
    await Promise.all([older, newer]);
    expect(read.getState().data?.deathLocation).toBe('Medina');
    expect(read.getState().loading).toBe(false);
    expect(changes).toEqual([false, true, false]);
  });

  it("renews a member's lapsed token once and reads again", async () => {
    const { transport, requests } = aGateway();
    let renewals = 0;
    const member = {
      authorization: () => 'Bearer token-u1',
      refresh: async () => {
        renewals += 1;
        return true;
      },
    };
    const read = new MemorialRead(transport, member, 'm1');
    const done = read.reload();
    requests[0].answer(lapsed);
    await settle();
    expect(renewals).toBe(1);
    requests[1].answer({ memorial: aMemorial() });
    await done;
    expect(read.getState().data).toEqual(aMemorial());
  });

  it("does not renew for a visitor: a visitor's refusal is the answer", async () => {
    const { transport, requests } = aGateway();
    const refresh = jest.fn(async () => true);
    const read = new MemorialRead(transport, { authorization: () => null, refresh }, 'm1');
    const done = read.reload();
    requests[0].answer(lapsed);
    await done;
    expect(refresh).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(read.getState().error).toBe(lapsed);
  });

  it("applies a change the page knows (the photos' new order) to what shows", async () => {
    const { transport, requests } = aGateway();
    const read = new MemorialRead(transport, visitor, 'm1');
    read.update(withPhotos);
    expect(read.getState().data).toBeNull();
    const done = read.reload();
    requests[0].answer({ memorial: aMemorial() });
    await done;
    read.update(withPhotos);
    expect(read.getState().data?.photoCount).toBe(2);
  });
});

describe("a visitor's read sent as the page's chunk loads", () => {
  afterEach(() => {
    takeVisitorRead('m1');
    takeVisitorRead('m 1');
  });

  it('is sent for the memorial in the address, and taken once, by the same id only', () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/memorial/m1', { session: false, transport });
    expect(requests).toHaveLength(1);
    expect(requests[0].query).toMatch(/^query Memorial\(\$id:ID!\)/);
    expect(requests[0].variables).toEqual({ id: 'm1' });
    expect(takeVisitorRead('m2')).toBeNull();
    expect(takeVisitorRead('m1')).not.toBeNull();
    expect(takeVisitorRead('m1')).toBeNull();
  });

  it("is sent once: the page's chunk starting it again after the route's page did sends nothing", () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/memorial/m1', { session: false, transport });
    startVisitorRead('/memorial/m1', { session: false, transport });
    expect(requests).toHaveLength(1);
    expect(takeVisitorRead('m1')).not.toBeNull();
    // Taken: a later start (another load of the page) sends again.
    startVisitorRead('/memorial/m1', { session: false, transport });
    expect(requests).toHaveLength(2);
  });

  it('reads the address as the router does: any case, a last slash, an encoded id', () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/Memorial/m%201/', { session: false, transport });
    expect(requests.map((r) => r.variables)).toEqual([{ id: 'm 1' }]);
    expect(takeVisitorRead('m 1')).not.toBeNull();
  });

  it('sends nothing for another address or an unreadable id', () => {
    const { transport, requests } = aGateway();
    for (const path of ['/memorials', '/memorial/', '/memorial/m1/photos', '/x/memorial/m1'])
      startVisitorRead(path, { session: false, transport });
    startVisitorRead('/memorial/%E0%A4%A', { session: false, transport });
    expect(requests).toHaveLength(0);
  });

  it("sends nothing when the browser holds a session: a member's read waits for their token", () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/memorial/m1', { session: true, transport });
    expect(requests).toHaveLength(0);
    expect(takeVisitorRead('m1')).toBeNull();
  });

  it("is the page's first read: its answer shows, and only a later read is sent", async () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/memorial/m1', { session: false, transport });
    const read = new MemorialRead(transport, visitor, 'm1', takeVisitorRead('m1'));
    const done = read.reload();
    expect(requests).toHaveLength(1);
    requests[0].answer({ memorial: aMemorial() });
    await done;
    expect(read.getState()).toEqual({ data: aMemorial(), loading: false, error: null });

    const again = read.reload();
    expect(requests).toHaveLength(2);
    requests[1].answer({ memorial: aMemorial({ deathLocation: 'Medina' }) });
    await again;
    expect(read.getState().data?.deathLocation).toBe('Medina');
  });

  it("when the service refused it, that is the first read's answer: not sent again", async () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/memorial/m1', { session: false, transport });
    const read = new MemorialRead(transport, visitor, 'm1', takeVisitorRead('m1'));
    const done = read.reload();
    requests[0].answer(notFound);
    await done;
    expect(requests).toHaveLength(1);
    expect(read.getState()).toEqual({ data: null, loading: false, error: notFound });
  });

  it('when no answer came, the first read sends again and shows that answer', async () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/memorial/m1', { session: false, transport });
    const read = new MemorialRead(transport, visitor, 'm1', takeVisitorRead('m1'));
    const done = read.reload();
    requests[0].answer(new TypeError('Failed to fetch'));
    await settle();
    expect(requests).toHaveLength(2);
    requests[1].answer({ memorial: aMemorial() });
    await done;
    expect(read.getState()).toEqual({ data: aMemorial(), loading: false, error: null });
  });

  it('takes the answer the gateway put in the page for this memorial: nothing is sent', async () => {
    const { transport, requests } = aGateway();
    const embedded = JSON.stringify({
      variables: { id: 'm1' },
      answer: { data: { memorial: aMemorial() } },
    });
    startVisitorRead('/memorial/m1', { session: false, transport, embedded });
    const read = new MemorialRead(transport, visitor, 'm1', takeVisitorRead('m1'));
    // In hand: the page's first render shows it, before any read.
    expect(read.getState()).toEqual({ data: aMemorial(), loading: false, error: null });
    await read.reload();
    expect(requests).toHaveLength(0);
    expect(read.getState()).toEqual({ data: aMemorial(), loading: false, error: null });
  });

  it("shows a member nothing of the page's visitor answer: their read is sent", () => {
    const { transport, requests } = aGateway();
    const embedded = JSON.stringify({
      variables: { id: 'm1' },
      answer: { data: { memorial: aMemorial() } },
    });
    startVisitorRead('/memorial/m1', { session: false, transport, embedded });
    const member = { authorization: () => 'Bearer t', refresh: async () => false };
    const read = new MemorialRead(transport, member, 'm1', takeVisitorRead('m1'));
    expect(read.getState()).toEqual({ data: null, loading: true, error: null });
    void read.reload();
    expect(requests).toHaveLength(1);
  });

  it("takes the gateway's error answer as the service's: not found, not sent again", async () => {
    const { transport, requests } = aGateway();
    const embedded = JSON.stringify({
      variables: { id: 'm1' },
      answer: { data: null, errors: notFound.errors },
    });
    startVisitorRead('/memorial/m1', { session: false, transport, embedded });
    const read = new MemorialRead(transport, visitor, 'm1', takeVisitorRead('m1'));
    expect(read.getState().error).toBeInstanceOf(GraphQLAnswerError);
    await read.reload();
    expect(requests).toHaveLength(0);
    expect(read.getState().error).toBeInstanceOf(GraphQLAnswerError);
    expect(GraphQLAnswerError.has(read.getState().error, ErrorCode.NotFound)).toBe(true);
  });

  it("sends its own read when the page's answer is another memorial's, or unreadable", () => {
    const { transport, requests } = aGateway();
    const other = JSON.stringify({ variables: { id: 'm2' }, answer: { data: { memorial: null } } });
    startVisitorRead('/memorial/m1', { session: false, transport, embedded: other });
    expect(requests).toHaveLength(1);
    takeVisitorRead('m1');
    startVisitorRead('/memorial/m1', { session: false, transport, embedded: '{"variables":' });
    expect(requests).toHaveLength(2);
  });

  it("does not answer a member's first read (it was sent without a token): theirs is sent", async () => {
    const { transport, requests } = aGateway();
    startVisitorRead('/memorial/m1', { session: false, transport });
    const member = { authorization: () => 'Bearer t', refresh: async () => false };
    const read = new MemorialRead(transport, member, 'm1', takeVisitorRead('m1'));
    const done = read.reload();
    expect(requests).toHaveLength(2);
    requests[0].answer({ memorial: aMemorial({ deathLocation: 'as a visitor sees it' }) });
    requests[1].answer({ memorial: aMemorial({ deathLocation: 'Medina' }) });
    await done;
    expect(read.getState().data?.deathLocation).toBe('Medina');
  });
});

function withPhotos(memorial: MemorialDetailFragment): MemorialDetailFragment {
  return { ...memorial, photoCount: 2 };
}

describe('withPhotoOrder', () => {
  const photo = (id: string, displayOrder: number) => ({
    __typename: 'MemorialPhoto' as const,
    id,
    caption: null,
    displayOrder,
    url: `https://photos.example/${id}`,
  });
  const memorial = aMemorial({ photos: [photo('a', 0), photo('b', 1), photo('c', 2)] });

  it('puts the photos in the given order, each in its new place', () => {
    const moved = withPhotoOrder(memorial, ['c', 'a', 'b']);
    expect(moved.photos.map((p) => [p.id, p.displayOrder])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(memorial.photos.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a photo the order does not name after the others', () => {
    const moved = withPhotoOrder(memorial, ['b', 'a']);
    expect(moved.photos.map((p) => p.id)).toEqual(['b', 'a', 'c']);
  });
});
