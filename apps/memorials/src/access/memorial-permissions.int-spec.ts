import { MemorialMessages } from '@jibs/domain';
import {
  JPEG,
  MemorialsHarness,
  outcome,
  WHO,
  type Caller,
  type GqlResult,
  type MemorialScene,
  type Who,
} from '../testing/memorials-harness';

type Level = 'public' | 'family_only' | 'private';
const ACTIONS = [
  'list',
  'view',
  'photoUrl',
  'memories',
  'addMemory',
  'moderate',
  'approve',
  'edit',
  'photos',
  'invite',
  'deactivate',
] as const;
type Action = (typeof ACTIONS)[number];

/**
 * Columns: list, view, photoUrl, memories, addMemory, moderate (the queue), approve (deciding
 * a waiting memory), edit, photos (upload and reorder), invite, deactivate.
 * Every cell, as the API answers it: ok, NOT_FOUND (exactly like a missing memorial),
 * FORBIDDEN (seen but not allowed), UNAUTHENTICATED (a visitor on a member operation). For
 * `list`, NOT_FOUND means "absent from the list". Columns in the order of ACTIONS.
 */
const EXPECTED: Record<Level, Record<Who, string>> = {
  public: {
    visitor: 'ok ok ok ok U U U U U U U',
    stranger: 'ok ok ok ok ok F F F F F F',
    viewer: 'ok ok ok ok ok F F F F F F',
    editor: 'ok ok ok ok ok ok ok ok ok F F',
    creator: 'ok ok ok ok ok ok ok ok ok ok ok',
    admin: 'ok ok ok ok ok F F F F F ok',
  },
  family_only: {
    visitor: 'NF NF NF NF U U U U U U U',
    stranger: 'NF NF NF NF NF NF NF NF NF NF NF',
    viewer: 'ok ok ok ok ok F F F F F F',
    editor: 'ok ok ok ok ok ok ok ok ok F F',
    creator: 'ok ok ok ok ok ok ok ok ok ok ok',
    admin: 'NF NF NF NF NF NF NF NF NF NF NF',
  },
  private: {
    visitor: 'NF NF NF NF U U U U U U U',
    stranger: 'NF NF NF NF NF NF NF NF NF NF NF',
    viewer: 'NF NF NF NF NF NF NF NF NF NF NF',
    editor: 'ok ok ok ok ok ok ok ok ok F F',
    creator: 'ok ok ok ok ok ok ok ok ok ok ok',
    admin: 'NF NF NF NF NF NF NF NF NF NF NF',
  },
};

const CODES: Record<string, string> = {
  ok: 'ok',
  NF: 'NOT_FOUND',
  F: 'FORBIDDEN',
  U: 'UNAUTHENTICATED',
};

function expectedOf(level: Level, who: Who, action: Action): string {
  return CODES[EXPECTED[level][who].split(' ')[ACTIONS.indexOf(action)]!]!;
}

const harness = new MemorialsHarness();

type Scene = MemorialScene;

/** A memorial at `level` with a photo, a connected viewer and a connected editor. */
const scene = (level: Level): Promise<Scene> => harness.scene(level.toUpperCase());

async function attempt(action: Action, caller: Caller, s: Scene): Promise<GqlResult | boolean> {
  const m = { m: s.memorialId };
  switch (action) {
    case 'list': {
      const data = await harness.ok(caller, '{ memorials { id } }');
      return (data.memorials as { id: string }[]).some((row) => row.id === s.memorialId);
    }
    case 'view':
      return harness.gql(caller, 'query($m: ID!) { memorial(id: $m) { id fullName } }', m);
    case 'photoUrl':
      return harness.gql(caller, 'query($p: ID!) { memorialPhotoUrl(id: $p) { url } }', {
        p: s.photoId,
      });
    case 'memories':
      return harness.gql(caller, 'query($m: ID!) { memories(memorialId: $m) { id } }', m);
    case 'addMemory':
      return harness.gql(
        caller,
        'mutation($m: ID!) { addMemory(memorialId: $m, input: { title: "T", content: "C" }) { id } }',
        m,
      );
    case 'moderate':
      return harness.gql(caller, 'query($m: ID!) { moderationQueue(memorialId: $m) { id } }', m);
    case 'approve': {
      // A memory waiting for moderation, shared by an editor connected for the purpose.
      const contributor = await harness.member();
      await harness.connect(s.people.creator, s.memorialId, contributor, true);
      const memory = await harness.ok(
        contributor,
        'mutation($m: ID!) { addMemory(memorialId: $m, input: { title: "T", content: "C" }) { id status } }',
        m,
      );
      expect(memory.addMemory.status).toBe('PENDING');
      const id = memory.addMemory.id as string;
      const result = await harness.gql(
        caller,
        'mutation($id: ID!) { moderateMemory(id: $id, decision: APPROVED) { id status } }',
        { id },
      );
      // Refused, it is still waiting; allowed, it is approved.
      const queue = await harness.ok(
        s.people.creator,
        'query($m: ID!) { moderationQueue(memorialId: $m) { id } }',
        m,
      );
      expect((queue.moderationQueue as { id: string }[]).some((row) => row.id === id)).toBe(
        outcome(result) !== 'ok',
      );
      return result;
    }
    case 'photos': {
      const started = await harness.gql(
        caller,
        'mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { key } }',
        {
          input: {
            memorialId: s.memorialId,
            fileName: 'b.jpg',
            fileType: 'image/jpeg',
            fileSize: JPEG.length,
          },
        },
      );
      const reordered = await harness.gql(
        caller,
        'mutation($m: ID!, $ids: [ID!]!) { reorderMemorialPhotos(memorialId: $m, photoIds: $ids) { id } }',
        { ...m, ids: [s.photoId] },
      );
      // Both photo operations answer alike.
      expect(outcome(reordered)).toBe(outcome(started));
      return started;
    }
    case 'edit':
      return harness.gql(
        caller,
        'mutation($m: ID!, $p: MemorialPrivacy) { updateMemorial(id: $m, input: { fullName: "Amina Yusuf", privacyLevel: $p }) { id } }',
        {
          ...m,
          p: (
            await harness.ok(
              s.people.creator,
              'query($m: ID!) { memorial(id: $m) { privacyLevel } }',
              m,
            )
          ).memorial.privacyLevel,
        },
      );
    case 'invite':
      return harness.gql(
        caller,
        'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e) { id } }',
        { ...m, e: `invitee-${Math.random().toString(36).slice(2)}@example.com` },
      );
    case 'deactivate':
      return harness.gql(caller, 'mutation($m: ID!) { deactivateMemorial(id: $m) }', m);
  }
}

function outcomeOf(action: Action, result: GqlResult | boolean): string {
  if (typeof result === 'boolean') return result ? 'ok' : 'NOT_FOUND';
  const code = outcome(result);
  if (code === 'NOT_FOUND') {
    // Exactly like a missing memorial: the same code and message, nothing more.
    expect(result.errors).toEqual([
      expect.objectContaining({ message: MemorialMessages.notFoundTitle }),
    ]);
    expect(result.data ?? null).toBeNull();
  }
  return code;
}

describe('memorial permissions: every relation x privacy level x operation', () => {
  beforeAll(() => harness.start(), 120_000);
  afterAll(() => harness.stop());

  describe.each(['public', 'family_only', 'private'] as Level[])('%s', (level) => {
    let s: Scene;
    beforeAll(async () => {
      s = await scene(level);
    }, 60_000);

    it.each(
      ACTIONS.filter((action) => action !== 'deactivate').flatMap((action) =>
        WHO.map((who) => [who, action] as const),
      ),
    )('%s: %s', async (who, action) => {
      const result = await attempt(action, s.people[who], s);
      expect(`${who} ${action} ${outcomeOf(action, result)}`).toBe(
        `${who} ${action} ${expectedOf(level, who, action)}`,
      );
    });

    // Deactivation ends the memorial: each relation tries it on a memorial of its own.
    it.each(WHO)(
      '%s: deactivate',
      async (who) => {
        const own = await scene(level);
        const result = await attempt('deactivate', own.people[who], own);
        const expected = expectedOf(level, who, 'deactivate');
        expect(`${who} deactivate ${outcomeOf('deactivate', result)}`).toBe(
          `${who} deactivate ${expected}`,
        );
        const seen = await harness.gql(
          own.people.creator,
          'query($m: ID!) { memorial(id: $m) { id } }',
          {
            m: own.memorialId,
          },
        );
        expect(outcome(seen)).toBe(expected === 'ok' ? 'NOT_FOUND' : 'ok');
      },
      60_000,
    );

    // The page shows its buttons from viewerPermissions: they say what the table says.
    it.each(WHO.filter((who) => expectedOf(level, who, 'view') === 'ok'))(
      '%s: viewerPermissions match the table',
      async (who) => {
        const data = await harness.ok(
          s.people[who],
          'query($m: ID!) { memorial(id: $m) { viewerPermissions { canEdit canInvite canModerate canAddMemory canDeactivate } } }',
          { m: s.memorialId },
        );
        expect(data.memorial.viewerPermissions).toEqual({
          canEdit: expectedOf(level, who, 'edit') === 'ok',
          canInvite: expectedOf(level, who, 'invite') === 'ok',
          canModerate: expectedOf(level, who, 'moderate') === 'ok',
          canAddMemory: expectedOf(level, who, 'addMemory') === 'ok',
          canDeactivate: expectedOf(level, who, 'deactivate') === 'ok',
        });
      },
    );

    it('answers a memorial that does not exist exactly like one that may not be seen', async () => {
      const missing = await harness.gql(
        s.people.stranger,
        'query($m: ID!) { memorial(id: $m) { id } }',
        { m: '00000000-0000-4000-8000-000000000000' },
      );
      expect(missing.errors?.map((error) => [error.message, error.extensions.code])).toEqual([
        [MemorialMessages.notFoundTitle, 'NOT_FOUND'],
      ]);
    });
  });

  /**
   * A stranger who learnt the id of a memory, a connection or a photo of a memorial they may not
   * see (a shared link, a log) tries it: every answer must read exactly like an id that never
   * existed, and a malformed one, so the id confirms nothing.
   */
  describe('memories, connections and photos of a memorial one may not see', () => {
    const MISSING = '00000000-0000-4000-8000-000000000000';
    const CALLS = {
      approve: 'mutation($id: ID!) { moderateMemory(id: $id, decision: APPROVED) { id status } }',
      reject: 'mutation($id: ID!) { moderateMemory(id: $id, decision: REJECTED) { id status } }',
      removeConnection: 'mutation($id: ID!) { removeMemorialConnection(id: $id) }',
      photoUrl: 'query($id: ID!) { memorialPhotoUrl(id: $id) { url } }',
    } as const;
    type Call = keyof typeof CALLS;
    const ids: Record<Call, string> = {
      approve: '',
      reject: '',
      removeConnection: '',
      photoUrl: '',
    };
    let s: Scene;

    /** What a caller sees: the errors without their position in the document. */
    const answer = async (caller: Caller, call: Call, id: string) => {
      const result = await harness.gql(caller, CALLS[call], { id });
      return {
        data: result.data ?? null,
        errors: result.errors?.map(({ message, extensions }) => ({ message, extensions })),
      };
    };

    beforeAll(async () => {
      s = await scene('private');
      const contributor = await harness.member();
      await harness.connect(s.people.creator, s.memorialId, contributor, true);
      const memory = await harness.ok(
        contributor,
        'mutation($m: ID!) { addMemory(memorialId: $m, input: { title: "T", content: "C" }) { id status } }',
        { m: s.memorialId },
      );
      expect(memory.addMemory.status).toBe('PENDING');
      ids.approve = ids.reject = memory.addMemory.id as string;
      const connections = await harness.ok(
        s.people.creator,
        'query($m: ID!) { memorialConnections(memorialId: $m) { id } }',
        { m: s.memorialId },
      );
      ids.removeConnection = (connections.memorialConnections as { id: string }[])[0]!.id;
      ids.photoUrl = s.photoId;
    }, 60_000);

    it.each(
      (['stranger', 'viewer', 'admin'] as const).flatMap((who) =>
        (Object.keys(CALLS) as Call[]).map((call) => [who, call] as const),
      ),
    )('%s: %s answers like a missing id', async (who, call) => {
      const caller = s.people[who];
      const real = await answer(caller, call, ids[call]);
      expect(real).toEqual({
        data: null,
        errors: [{ message: MemorialMessages.notFoundTitle, extensions: { code: 'NOT_FOUND' } }],
      });
      expect(await answer(caller, call, MISSING)).toEqual(real);
      expect(await answer(caller, call, 'not-an-id')).toEqual(real);
    });

    it('changed nothing: the memory still waits and the connection is still there', async () => {
      const queue = await harness.ok(
        s.people.creator,
        'query($m: ID!) { moderationQueue(memorialId: $m) { id } }',
        { m: s.memorialId },
      );
      expect(queue.moderationQueue).toEqual([{ id: ids.approve }]);
      const connections = await harness.ok(
        s.people.creator,
        'query($m: ID!) { memorialConnections(memorialId: $m) { id } }',
        { m: s.memorialId },
      );
      expect(connections.memorialConnections).toContainEqual({ id: ids.removeConnection });
    });
  });
});
