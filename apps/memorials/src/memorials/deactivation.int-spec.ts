import { MemorialMessages } from '@jibs/domain';
import {
  JPEG,
  MemorialsHarness,
  outcome,
  WHO,
  type Caller,
  type GqlResult,
  type MemorialScene,
} from '../testing/memorials-harness';

const harness = new MemorialsHarness();

interface Scene extends MemorialScene {
  pendingMemoryId: string;
  viewerConnectionId: string;
  uploadKey: string;
  invitee: Caller;
}

/**
 * A public memorial (so everyone sees it before) with a photo, a connected viewer and editor,
 * a memory waiting for moderation, an invitation not yet accepted and an upload not yet
 * confirmed.
 */
async function scene(): Promise<Scene> {
  const { memorialId, photoId, people } = await harness.scene('PUBLIC');
  const invitee = await harness.member();
  const memory = await harness.ok(
    people.viewer,
    'mutation($m: ID!) { addMemory(memorialId: $m, input: { title: "Eid", content: "Kahk" }) { id status } }',
    { m: memorialId },
  );
  expect(memory.addMemory.status).toBe('PENDING');
  await harness.ok(
    people.creator,
    'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e) { id } }',
    { m: memorialId, e: invitee.email },
  );
  const connections = await harness.ok(
    people.creator,
    'query($m: ID!) { memorialConnections(memorialId: $m) { id invitedEmail } }',
    { m: memorialId },
  );
  const slot = await harness.ok(
    people.creator,
    'mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { key } }',
    {
      input: { memorialId, fileName: 'b.jpg', fileType: 'image/jpeg', fileSize: JPEG.length },
    },
  );
  return {
    memorialId,
    photoId,
    pendingMemoryId: memory.addMemory.id,
    viewerConnectionId: (
      connections.memorialConnections as { id: string; invitedEmail: string }[]
    ).find((connection) => connection.invitedEmail === people.viewer.email)!.id,
    uploadKey: slot.startMemorialPhotoUpload.key,
    invitee,
    people,
  };
}

/** Every operation on a memorial, for one caller: its GraphQL result. */
function operations(s: Scene): Record<string, (caller: Caller) => Promise<GqlResult>> {
  const m = { m: s.memorialId };
  return {
    memorial: (caller) => harness.gql(caller, 'query($m: ID!) { memorial(id: $m) { id } }', m),
    photoUrl: (caller) =>
      harness.gql(caller, 'query($p: ID!) { memorialPhotoUrl(id: $p) { url } }', {
        p: s.photoId,
      }),
    memories: (caller) =>
      harness.gql(caller, 'query($m: ID!) { memories(memorialId: $m) { id } }', m),
    moderationQueue: (caller) =>
      harness.gql(caller, 'query($m: ID!) { moderationQueue(memorialId: $m) { id } }', m),
    memorialConnections: (caller) =>
      harness.gql(caller, 'query($m: ID!) { memorialConnections(memorialId: $m) { id } }', m),
    addMemory: (caller) =>
      harness.gql(
        caller,
        'mutation($m: ID!) { addMemory(memorialId: $m, input: { title: "T", content: "C" }) { id } }',
        m,
      ),
    moderateMemory: (caller) =>
      harness.gql(
        caller,
        'mutation($id: ID!) { moderateMemory(id: $id, decision: APPROVED) { id } }',
        { id: s.pendingMemoryId },
      ),
    updateMemorial: (caller) =>
      harness.gql(
        caller,
        'mutation($m: ID!) { updateMemorial(id: $m, input: { fullName: "Changed" }) { id } }',
        m,
      ),
    inviteToMemorial: (caller) =>
      harness.gql(
        caller,
        'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e) { id } }',
        { ...m, e: `late-${Math.random().toString(36).slice(2)}@example.com` },
      ),
    removeMemorialConnection: (caller) =>
      harness.gql(caller, 'mutation($id: ID!) { removeMemorialConnection(id: $id) }', {
        id: s.viewerConnectionId,
      }),
    startMemorialPhotoUpload: (caller) =>
      harness.gql(
        caller,
        'mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { key } }',
        {
          input: {
            memorialId: s.memorialId,
            fileName: 'c.jpg',
            fileType: 'image/jpeg',
            fileSize: JPEG.length,
          },
        },
      ),
    confirmMemorialPhotoUpload: (caller) =>
      harness.gql(
        caller,
        'mutation($input: ConfirmMemorialPhotoUploadInput!) { confirmMemorialPhotoUpload(input: $input) { id } }',
        { input: { memorialId: s.memorialId, key: s.uploadKey } },
      ),
    reorderMemorialPhotos: (caller) =>
      harness.gql(
        caller,
        'mutation($m: ID!, $ids: [ID!]!) { reorderMemorialPhotos(memorialId: $m, photoIds: $ids) { id } }',
        { ...m, ids: [s.photoId] },
      ),
    deactivateMemorial: (caller) =>
      harness.gql(caller, 'mutation($m: ID!) { deactivateMemorial(id: $m) }', m),
  };
}

/** The public queries (a visitor may call them); every other operation needs a member. */
const PUBLIC = ['memorial', 'photoUrl', 'memories'];

async function listed(caller: Caller, memorialId: string): Promise<boolean> {
  const data = await harness.ok(caller, '{ memorials { id } }');
  return (data.memorials as { id: string }[]).some((row) => row.id === memorialId);
}

/** Exactly what a memorial that does not exist answers: the code, the message, no data. */
function expectNotFound(label: string, result: GqlResult) {
  expect([label, result.errors?.map((error) => [error.extensions.code, error.message])]).toEqual([
    label,
    [['NOT_FOUND', MemorialMessages.notFoundTitle]],
  ]);
  expect(result.data ?? null).toBeNull();
}

describe('a deactivated memorial', () => {
  beforeAll(() => harness.start(), 120_000);
  afterAll(() => harness.stop());

  it.each(['creator', 'admin'] as const)(
    'deactivated by its %s, answers every query, list, photo URL and mutation like a missing one, for everyone',
    async (by) => {
      const s = await scene();
      const ops = operations(s);
      // Before: everyone lists and sees it (it is public), its moderators see their queue.
      for (const who of WHO) {
        expect([who, await listed(s.people[who], s.memorialId)]).toEqual([who, true]);
        for (const name of PUBLIC)
          expect([who, name, outcome(await ops[name]!(s.people[who]))]).toEqual([who, name, 'ok']);
      }
      expect(outcome(await ops.moderationQueue!(s.people.editor))).toBe('ok');
      expect(outcome(await ops.memorialConnections!(s.people.creator))).toBe('ok');
      expect(
        (await harness.ok(s.invitee, '{ myMemorialInvitations { memorialId } }'))
          .myMemorialInvitations,
      ).toEqual([{ memorialId: s.memorialId }]);

      expect(
        await harness.ok(s.people[by], 'mutation($m: ID!) { deactivateMemorial(id: $m) }', {
          m: s.memorialId,
        }),
      ).toEqual({ deactivateMemorial: true });

      const memoriesBefore = await harness.count('memorial_memories', 'memorial_id = $1', [
        s.memorialId,
      ]);
      for (const who of WHO) {
        const caller = s.people[who];
        expect([who, await listed(caller, s.memorialId)]).toEqual([who, false]);
        for (const [name, call] of Object.entries(ops)) {
          if (who === 'visitor' && !PUBLIC.includes(name)) continue;
          expectNotFound(`${who} ${name}`, await call(caller));
        }
      }
      // The invitee finds no invitation and cannot accept one.
      expect(
        (await harness.ok(s.invitee, '{ myMemorialInvitations { id } }')).myMemorialInvitations,
      ).toEqual([]);
      expectNotFound(
        'invitee accept',
        await harness.gql(
          s.invitee,
          'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }',
          { m: s.memorialId },
        ),
      );
      // Nothing changed: kept, never deleted, and untouched by the refused calls.
      const [row] = (await harness.dataSource.query(
        'SELECT full_name, is_active FROM memorial_pages WHERE id = $1',
        [s.memorialId],
      )) as { full_name: string; is_active: boolean }[];
      expect(row).toEqual({ full_name: 'Amina Yusuf', is_active: false });
      expect(await harness.count('memorial_memories', 'memorial_id = $1', [s.memorialId])).toBe(
        memoriesBefore,
      );
      expect(
        await harness.count('memorial_memories', "id = $1 AND status = 'pending'", [
          s.pendingMemoryId,
        ]),
      ).toBe(1);
      expect(await harness.count('memorial_connections', 'memorial_id = $1', [s.memorialId])).toBe(
        3,
      );
      expect(await harness.count('memorial_photos', 'memorial_id = $1', [s.memorialId])).toBe(1);
      expect(
        await harness.count('memorial_connections', 'memorial_id = $1 AND user_id = $2', [
          s.memorialId,
          s.invitee.id,
        ]),
      ).toBe(0);
    },
    120_000,
  );

  it('is deactivated once: two deactivations at once both see it, the next finds nothing', async () => {
    const creator = await harness.member();
    const memorialId = await harness.createMemorial(creator);
    const deactivate = () =>
      harness.gql(creator, 'mutation($m: ID!) { deactivateMemorial(id: $m) }', { m: memorialId });
    const both = await Promise.all([deactivate(), deactivate()]);
    // The row lock orders them: the first deactivates, the second finds it gone.
    expect(both.map(outcome).sort()).toEqual(['NOT_FOUND', 'ok']);
    expectNotFound('again', await deactivate());
  });
});
