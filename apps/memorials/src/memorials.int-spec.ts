import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { listFieldDecisions, listOperationDecisions } from '@jibs/auth';
import { pendingSchemaChanges } from '@jibs/database';
import { buildEnvelope, EVENT_BROKER, type EventBroker } from '@jibs/events';
import {
  MAX_BIOGRAPHY_LENGTH,
  MAX_PHOTO_CAPTION_LENGTH,
  MEMORY_RATE_LIMIT,
  MemorialMessages,
  UPLOAD_RATE_LIMIT,
  UploadMessages,
  fileTypeNotAllowedMessage,
} from '@jibs/domain';
import { IncomingSweeper } from '@jibs/storage';
import { eventually, INVISIBLE_NAMES } from '@jibs/testing';
import { JPEG, PDF, MemorialsHarness, outcome, type Caller } from './testing/memorials-harness';

const harness = new MemorialsHarness();
const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"';

const CREATE = 'mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }';
const ADD_MEMORY =
  'mutation($m: ID!, $input: MemoryInput!) { addMemory(memorialId: $m, input: $input) { id status title content memoryDate contributorName contributor { id } } }';
const MEMORIAL = `query($m: ID!) { memorial(id: $m) {
  id fullName birthDate deathDate birthLocation deathLocation biography privacyLevel
  memoryCount photoCount profileImageUrl createdBy { id }
  viewerPermissions { canEdit canInvite canModerate canAddMemory canDeactivate }
  photos { id caption displayOrder url }
  timeline { kind date title memoryId }
} }`;

describe('memorials service', () => {
  beforeAll(() => harness.start(), 120_000);
  afterAll(() => harness.stop());

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(harness.dataSource)).toEqual([]);
  });

  it('decides who may read every field and entity reference', () => {
    const fields = listFieldDecisions(harness.app);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((entry) => !entry.decision)).toEqual([]);
  });

  it('decides who may call every operation', () => {
    expect(listOperationDecisions(harness.app).filter((entry) => !entry.decision)).toEqual([]);
  });

  describe('creating and editing', () => {
    it('creates a family_only memorial by default, empty values as null', async () => {
      const creator = await harness.member();
      const id = await harness.createMemorial(creator, {
        birthDate: '1950-03-01',
        deathDate: '',
        birthLocation: '',
        biography: null,
      });
      const { memorial } = await harness.ok(creator, MEMORIAL, { m: id });
      expect(memorial).toMatchObject({
        fullName: 'Amina Yusuf',
        birthDate: '1950-03-01',
        deathDate: null,
        birthLocation: null,
        biography: null,
        privacyLevel: 'FAMILY_ONLY',
        memoryCount: 0,
        photoCount: 0,
        profileImageUrl: null,
        createdBy: { id: creator.id },
        viewerPermissions: {
          canEdit: true,
          canInvite: true,
          canModerate: true,
          canAddMemory: true,
          canDeactivate: true,
        },
      });
    });

    it.each([
      ['empty name', { fullName: '   ' }, 'fullName', MemorialMessages.fullNameRequired],
      [
        'biography over the limit',
        { fullName: 'A', biography: 'x'.repeat(MAX_BIOGRAPHY_LENGTH + 1) },
        'biography',
        MemorialMessages.biographyTooLong,
      ],
      [
        'death before birth',
        { fullName: 'A', birthDate: '1990-05-02', deathDate: '1990-05-01' },
        'deathDate',
        MemorialMessages.deathBeforeBirth,
      ],
      [
        'death in the future',
        { fullName: 'A', deathDate: '2999-01-01' },
        'deathDate',
        MemorialMessages.deathDateInFuture,
      ],
      [
        'birth in the future',
        { fullName: 'A', birthDate: '2999-01-01' },
        'birthDate',
        MemorialMessages.birthDateInFuture,
      ],
      [
        'a date that does not exist',
        { fullName: 'A', birthDate: '1990-02-30' },
        'birthDate',
        MemorialMessages.dateInvalid,
      ],
    ])('refuses %s with its message and stores nothing', async (_label, input, field, message) => {
      const creator = await harness.member();
      const result = await harness.gql(creator, CREATE, { input });
      expect(result.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [field]: message } },
      });
      expect(await harness.count('memorial_pages', 'created_by = $1', [creator.id])).toBe(0);
    });

    it.each(INVISIBLE_NAMES)(
      'refuses a full name of %s, on creation and on edit, and stores nothing',
      async (_label, text) => {
        const creator = await harness.member();
        const message = MemorialMessages.fullNameRequired;
        const created = await harness.gql(creator, CREATE, { input: { fullName: text } });
        expect(created.errors?.[0]).toMatchObject({
          message,
          extensions: { code: 'BAD_USER_INPUT', fieldErrors: { fullName: message } },
        });
        expect(await harness.count('memorial_pages', 'created_by = $1', [creator.id])).toBe(0);

        const id = await harness.createMemorial(creator);
        const edited = await harness.gql(
          creator,
          'mutation($m: ID!, $input: MemorialInput!) { updateMemorial(id: $m, input: $input) { id } }',
          { m: id, input: { fullName: text } },
        );
        expect(edited.errors?.[0]).toMatchObject({
          message,
          extensions: { code: 'BAD_USER_INPUT', fieldErrors: { fullName: message } },
        });
        const { memorial } = await harness.ok(creator, MEMORIAL, { m: id });
        expect(memorial.fullName).toBe('Amina Yusuf');
        expect(await harness.count('memorial_pages', 'created_by = $1', [creator.id])).toBe(1);
      },
    );

    it('stores the name as NFC without the invisible characters around it, and invisible-only optional text as null', async () => {
      const creator = await harness.member();
      const id = await harness.createMemorial(creator, {
        fullName: '\u3164 Zo\u0308e \u0639\u0628\u062F\u200C\u0627\u0644\u0644\u0647\u200B',
        birthLocation: '\u200B\u2800',
        biography: ' \u3164 ',
      });
      const { memorial } = await harness.ok(creator, MEMORIAL, { m: id });
      expect(memorial).toMatchObject({
        fullName: 'Z\u00F6e \u0639\u0628\u062F\u200C\u0627\u0644\u0644\u0647',
        birthLocation: null,
        biography: null,
      });
    });

    it('refuses a bad edit and keeps the memorial as it was', async () => {
      const creator = await harness.member();
      const id = await harness.createMemorial(creator, { birthDate: '1950-01-01' });
      const result = await harness.gql(
        creator,
        'mutation($m: ID!) { updateMemorial(id: $m, input: { fullName: "B", deathDate: "1949-12-31", birthDate: "1950-01-01" }) { id } }',
        { m: id },
      );
      expect(result.errors?.[0]).toMatchObject({
        message: MemorialMessages.deathBeforeBirth,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const { memorial } = await harness.ok(creator, MEMORIAL, { m: id });
      expect(memorial).toMatchObject({ fullName: 'Amina Yusuf', deathDate: null });
    });

    it('stores and returns markup in every text field as the plain text it is', async () => {
      const creator = await harness.member();
      const id = await harness.createMemorial(creator, {
        fullName: SCRIPT,
        birthLocation: SCRIPT,
        deathLocation: SCRIPT,
        biography: SCRIPT,
        privacyLevel: 'PUBLIC',
      });
      const { memorial } = await harness.ok(null, MEMORIAL, { m: id });
      expect(memorial).toMatchObject({
        fullName: SCRIPT,
        birthLocation: SCRIPT,
        deathLocation: SCRIPT,
        biography: SCRIPT,
      });
      const memory = await harness.ok(creator, ADD_MEMORY, {
        m: id,
        input: { title: SCRIPT, content: SCRIPT },
      });
      expect(memory.addMemory).toMatchObject({ title: SCRIPT, content: SCRIPT });
      const photo = await harness.uploadPhoto(creator, id, {
        body: JPEG,
        name: 'a.jpg',
        type: 'image/jpeg',
        caption: SCRIPT,
      });
      expect(photo.data.confirmMemorialPhotoUpload.caption).toBe(SCRIPT);
    });
  });

  describe('invitations and memories', () => {
    let creator: Caller;
    let editor: Caller;
    let relative: Caller;
    let memorialId: string;

    beforeAll(async () => {
      creator = await harness.member();
      editor = await harness.member();
      relative = await harness.member();
      memorialId = await harness.createMemorial(creator, {
        birthDate: '1940-01-01',
        deathDate: '2020-06-01',
        birthLocation: 'Mogadishu',
      });
      await harness.connect(creator, memorialId, editor, true);
    });

    it("lets the invitee see the invitation by their token's address and accept it", async () => {
      const hidden = await harness.gql(relative, MEMORIAL, { m: memorialId });
      expect(outcome(hidden)).toBe('NOT_FOUND');
      await harness.ok(
        creator,
        'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e) { id canEdit } }',
        { m: memorialId, e: relative.email.toUpperCase() },
      );
      const invitations = await harness.ok(
        relative,
        '{ myMemorialInvitations { memorialId memorialName canEdit } }',
      );
      expect(invitations.myMemorialInvitations).toEqual([
        { memorialId, memorialName: 'Amina Yusuf', canEdit: false },
      ]);
      const stranger = await harness.member();
      expect(
        outcome(
          await harness.gql(
            stranger,
            'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }',
            {
              m: memorialId,
            },
          ),
        ),
      ).toBe('NOT_FOUND');
      const accepted = await harness.ok(
        relative,
        'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id viewerPermissions { canEdit canAddMemory } } }',
        { m: memorialId },
      );
      expect(accepted.acceptMemorialInvitation.viewerPermissions).toEqual({
        canEdit: false,
        canAddMemory: true,
      });
      expect(
        (await harness.ok(relative, '{ myMemorialInvitations { id } }')).myMemorialInvitations,
      ).toEqual([]);
    });

    it('refuses a second invitation to the same address, a bad address and the creator', async () => {
      const invite = (email: string) =>
        harness.gql(
          creator,
          'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e) { id } }',
          { m: memorialId, e: email },
        );
      const before = await harness.count('memorial_connections', 'memorial_id = $1', [memorialId]);
      expect((await invite(relative.email)).errors?.[0]).toMatchObject({
        message: MemorialMessages.alreadyInvited,
        extensions: { code: 'CONFLICT' },
      });
      expect((await invite('not-an-address')).errors?.[0]).toMatchObject({
        message: MemorialMessages.emailInvalid,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect((await invite(creator.email)).errors?.[0]).toMatchObject({
        message: MemorialMessages.inviteSelf,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await harness.count('memorial_connections', 'memorial_id = $1', [memorialId])).toBe(
        before,
      );
    });

    it('records one invitation when the same address is invited twice at once, and accepts twice alike', async () => {
      const cousin = await harness.member();
      const invite = () =>
        harness.gql(
          creator,
          'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e) { id } }',
          { m: memorialId, e: cousin.email },
        );
      const outcomes = (await Promise.all([invite(), invite()])).map(outcome).sort();
      expect(outcomes).toEqual(['CONFLICT', 'ok']);
      expect(
        await harness.count('memorial_connections', 'memorial_id = $1 AND invited_email = $2', [
          memorialId,
          cousin.email,
        ]),
      ).toBe(1);
      const accept = () =>
        harness.gql(
          cousin,
          'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }',
          {
            m: memorialId,
          },
        );
      expect(outcome(await accept())).toBe('ok');
      expect(outcome(await accept())).toBe('ok');
      expect(
        await harness.count('memorial_connections', 'memorial_id = $1 AND user_id = $2', [
          memorialId,
          cousin.id,
        ]),
      ).toBe(1);
    });

    it('refuses to accept with an unverified address', async () => {
      const unverified = await harness.member({ emailVerified: false });
      await harness.ok(
        creator,
        'mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e) { id } }',
        { m: memorialId, e: unverified.email },
      );
      const result = await harness.gql(
        unverified,
        'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }',
        { m: memorialId },
      );
      expect(result.errors?.[0]).toMatchObject({
        message: MemorialMessages.emailNotVerified,
        extensions: { code: 'FORBIDDEN' },
      });
      expect(outcome(await harness.gql(unverified, MEMORIAL, { m: memorialId }))).toBe('NOT_FOUND');
    });

    it("keeps a relative's memory hidden until a moderator approves it, then lists, counts and dates it", async () => {
      // The relative's name comes from identity's user.registered, never their email.
      const broker = harness.app.get<EventBroker>(EVENT_BROKER);
      await broker.publish([
        {
          topic: 'user.registered',
          key: relative.id,
          envelope: buildEnvelope(
            'user.registered',
            {
              userId: relative.id,
              email: relative.email,
              firstName: 'Hodan',
              lastName: 'Ali',
              role: 'member',
            },
            { source: 'jibs/identity', subject: relative.id },
          ),
        },
      ]);
      await eventually(() => harness.count('members', 'user_id = $1', [relative.id]));

      const added = await harness.ok(relative, ADD_MEMORY, {
        m: memorialId,
        input: {
          title: 'Eid in 1975',
          content: 'She cooked for everyone.',
          memoryDate: '1975-10-05',
        },
      });
      expect(added.addMemory).toMatchObject({
        status: 'PENDING',
        contributorName: 'Hodan Ali',
        contributor: { id: relative.id },
      });
      const memoryId = added.addMemory.id as string;
      expect(await harness.outbox('memory.submitted', memorialId)).toEqual([
        {
          memoryId,
          memorialId,
          memorialName: 'Amina Yusuf',
          contributorId: relative.id,
          moderatorIds: [creator.id, editor.id],
        },
      ]);

      const listed = (caller: Caller) =>
        harness
          .ok(caller, 'query($m: ID!) { memories(memorialId: $m) { id status } }', {
            m: memorialId,
          })
          .then((data) => data.memories as { id: string; status: string }[]);
      expect(await listed(relative)).toEqual([{ id: memoryId, status: 'PENDING' }]);
      expect(await listed(creator)).toEqual([]);
      expect((await harness.ok(creator, MEMORIAL, { m: memorialId })).memorial.memoryCount).toBe(0);
      const queue = await harness.ok(
        editor,
        'query($m: ID!) { moderationQueue(memorialId: $m) { id contributorName } }',
        { m: memorialId },
      );
      expect(queue.moderationQueue).toEqual([{ id: memoryId, contributorName: 'Hodan Ali' }]);

      // The contributor cannot approve their own memory.
      const self = await harness.gql(
        relative,
        'mutation($id: ID!) { moderateMemory(id: $id, decision: APPROVED) { id } }',
        { id: memoryId },
      );
      expect(outcome(self)).toBe('FORBIDDEN');

      const approve = () =>
        harness.gql(
          creator,
          'mutation($id: ID!) { moderateMemory(id: $id, decision: APPROVED) { status } }',
          {
            id: memoryId,
          },
        );
      const [first, second] = await Promise.all([approve(), approve()]);
      expect([outcome(first), outcome(second)].sort()).toEqual(['CONFLICT', 'ok']);
      expect(await harness.outbox('memory.approved', memorialId)).toEqual([
        {
          memoryId,
          memorialId,
          memorialName: 'Amina Yusuf',
          contributorId: relative.id,
          approvedBy: creator.id,
        },
      ]);

      const creatorMemory = await harness.ok(creator, ADD_MEMORY, {
        m: memorialId,
        input: { title: 'Graduation', content: 'Proud day.', memoryDate: '1962-07-01' },
      });
      expect(creatorMemory.addMemory.status).toBe('APPROVED');
      expect(await harness.outbox('memory.submitted', memorialId)).toHaveLength(1);

      expect((await listed(editor)).map((memory) => memory.status)).toEqual([
        'APPROVED',
        'APPROVED',
      ]);
      const { memorial } = await harness.ok(relative, MEMORIAL, { m: memorialId });
      expect(memorial.memoryCount).toBe(2);
      expect(memorial.timeline).toEqual([
        { kind: 'BIRTH', date: '1940-01-01', title: 'Born in Mogadishu', memoryId: null },
        {
          kind: 'MEMORY',
          date: '1962-07-01',
          title: 'Graduation',
          memoryId: creatorMemory.addMemory.id,
        },
        { kind: 'MEMORY', date: '1975-10-05', title: 'Eid in 1975', memoryId },
        { kind: 'DEATH', date: '2020-06-01', title: 'Passed away', memoryId: null },
      ]);
      expect(JSON.stringify(await listed(creator))).not.toContain('@example.com');
    });

    it('keeps a rejected memory from everyone but its contributor', async () => {
      const added = await harness.ok(relative, ADD_MEMORY, {
        m: memorialId,
        input: { title: 'Spam', content: 'Buy now' },
      });
      await harness.ok(
        editor,
        'mutation($id: ID!) { moderateMemory(id: $id, decision: REJECTED) { id } }',
        {
          id: added.addMemory.id,
        },
      );
      const ids = (caller: Caller) =>
        harness
          .ok(caller, 'query($m: ID!) { memories(memorialId: $m) { id } }', { m: memorialId })
          .then((data) => (data.memories as { id: string }[]).map((memory) => memory.id));
      expect(await ids(creator)).not.toContain(added.addMemory.id);
      expect(await ids(relative)).toContain(added.addMemory.id);
      expect(await harness.outbox('memory.approved', memorialId)).toHaveLength(1);
    });

    it('refuses a memory without title or content and stores nothing', async () => {
      const before = await harness.count('memorial_memories', 'memorial_id = $1', [memorialId]);
      const result = await harness.gql(editor, ADD_MEMORY, {
        m: memorialId,
        input: { title: ' ', content: '' },
      });
      expect(result.errors?.[0]).toMatchObject({
        message: MemorialMessages.memoryTitleRequired,
        extensions: {
          code: 'BAD_USER_INPUT',
          fieldErrors: {
            title: MemorialMessages.memoryTitleRequired,
            content: MemorialMessages.memoryContentRequired,
          },
        },
      });
      expect(await harness.count('memorial_memories', 'memorial_id = $1', [memorialId])).toBe(
        before,
      );
    });

    it('refuses a memory whose title or content is only invisible characters, and stores nothing', async () => {
      const before = await harness.count('memorial_memories', 'memorial_id = $1', [memorialId]);
      for (const [label, text] of INVISIBLE_NAMES) {
        for (const [field, message] of [
          ['title', MemorialMessages.memoryTitleRequired],
          ['content', MemorialMessages.memoryContentRequired],
        ] as const) {
          const result = await harness.gql(editor, ADD_MEMORY, {
            m: memorialId,
            input: { title: 'Our mother', content: 'She taught us to read.', [field]: text },
          });
          expect({ label, field, answer: result.errors?.[0] }).toMatchObject({
            label,
            field,
            answer: {
              message,
              extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [field]: message } },
            },
          });
        }
      }
      expect(await harness.count('memorial_memories', 'memorial_id = $1', [memorialId])).toBe(
        before,
      );
    });

    it('removes a connection: the relative then finds nothing', async () => {
      const connections = await harness.ok(
        creator,
        'query($m: ID!) { memorialConnections(memorialId: $m) { id invitedEmail user { id } } }',
        { m: memorialId },
      );
      const connection = (
        connections.memorialConnections as { id: string; user: { id: string } | null }[]
      ).find((row) => row.user?.id === relative.id)!;
      expect(
        outcome(
          await harness.gql(editor, 'mutation($id: ID!) { removeMemorialConnection(id: $id) }', {
            id: connection.id,
          }),
        ),
      ).toBe('FORBIDDEN');
      await harness.ok(creator, 'mutation($id: ID!) { removeMemorialConnection(id: $id) }', {
        id: connection.id,
      });
      expect(outcome(await harness.gql(relative, MEMORIAL, { m: memorialId }))).toBe('NOT_FOUND');
    });
  });

  it(`limits memories to ${MEMORY_RATE_LIMIT.points} per contributor per hour`, async () => {
    const creator = await harness.member();
    const contributor = await harness.member();
    const id = await harness.createMemorial(creator, { privacyLevel: 'PUBLIC' });
    for (let i = 0; i < MEMORY_RATE_LIMIT.points; i += 1) {
      await harness.ok(contributor, ADD_MEMORY, { m: id, input: { title: `M${i}`, content: 'c' } });
    }
    const flooded = await harness.gql(contributor, ADD_MEMORY, {
      m: id,
      input: { title: 'one more', content: 'c' },
    });
    expect(flooded.errors?.[0]).toMatchObject({
      message: MemorialMessages.memoryRateLimited,
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(await harness.count('memorial_memories', 'contributor_id = $1', [contributor.id])).toBe(
      MEMORY_RATE_LIMIT.points,
    );
    expect(await harness.outbox('memory.submitted', id)).toHaveLength(MEMORY_RATE_LIMIT.points);
    // Another contributor is not held back by the first one's flood.
    await harness.ok(creator, ADD_MEMORY, { m: id, input: { title: 'mine', content: 'c' } });
  });

  describe('photos', () => {
    let creator: Caller;
    let memorialId: string;

    beforeAll(async () => {
      creator = await harness.member();
      memorialId = await harness.createMemorial(creator, { privacyLevel: 'FAMILY_ONLY' });
    });

    async function storedObjects(): Promise<string[]> {
      const page = await harness.s3.client.send(
        new ListObjectsV2Command({ Bucket: 'memorials', Prefix: `${memorialId}/` }),
      );
      const incoming = await harness.s3.client.send(
        new ListObjectsV2Command({ Bucket: 'memorials', Prefix: `incoming/${memorialId}/` }),
      );
      return [...(page.Contents ?? []), ...(incoming.Contents ?? [])].map((object) => object.Key!);
    }

    it('stores a JPEG checked by content, serves it by a short-lived URL, and sets it as profile image', async () => {
      const photo = await harness.uploadPhoto(creator, memorialId, {
        body: JPEG,
        name: 'grandma.jpg',
        type: 'image/jpeg',
        caption: 'At home',
      });
      expect(photo.data.confirmMemorialPhotoUpload).toMatchObject({
        caption: 'At home',
        displayOrder: 0,
        contentType: 'image/jpeg',
        size: JPEG.length,
      });
      const url = photo.data.confirmMemorialPhotoUpload.url as string;
      const fetched = await fetch(url);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(JPEG)).toBe(true);

      await harness.ok(
        creator,
        'mutation($m: ID!, $p: ID) { updateMemorial(id: $m, input: { fullName: "Amina Yusuf", privacyLevel: FAMILY_ONLY, profilePhotoId: $p }) { id } }',
        { m: memorialId, p: photo.data.confirmMemorialPhotoUpload.id },
      );
      const { memorial } = await harness.ok(creator, MEMORIAL, { m: memorialId });
      expect(memorial.photoCount).toBe(1);
      expect(memorial.profileImageUrl).toContain(memorialId);
    });

    it('refuses a PDF named like a JPEG: deleted, nothing recorded', async () => {
      const before = await harness.count('memorial_photos', 'memorial_id = $1', [memorialId]);
      const objects = await storedObjects();
      const result = await harness.uploadPhoto(creator, memorialId, {
        body: PDF,
        name: 'not-a-photo.jpg',
        type: 'image/jpeg',
      });
      expect(result.errors?.[0]).toMatchObject({
        message: fileTypeNotAllowedMessage(['jpg', 'jpeg', 'png']),
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await harness.count('memorial_photos', 'memorial_id = $1', [memorialId])).toBe(before);
      expect(await storedObjects()).toEqual(objects);
    });

    it('refuses a caption over the limit: the upload is deleted, nothing recorded', async () => {
      const before = await harness.count('memorial_photos', 'memorial_id = $1', [memorialId]);
      const objects = await storedObjects();
      const result = await harness.uploadPhoto(creator, memorialId, {
        body: JPEG,
        name: 'a.jpg',
        type: 'image/jpeg',
        caption: 'x'.repeat(MAX_PHOTO_CAPTION_LENGTH + 1),
      });
      expect(result.errors?.[0]).toMatchObject({
        message: MemorialMessages.captionTooLong,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await harness.count('memorial_photos', 'memorial_id = $1', [memorialId])).toBe(before);
      expect(await storedObjects()).toEqual(objects);
    });

    const START_PHOTO =
      'mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { key url headers { name value } } }';
    const CONFIRM_PHOTO =
      'mutation($input: ConfirmMemorialPhotoUploadInput!) { confirmMemorialPhotoUpload(input: $input) { id url } }';

    /** A member of their own with a memorial: upload starts are counted per member. */
    async function anEditor() {
      const editor = await harness.member();
      return { editor, memorial: await harness.createMemorial(editor) };
    }

    async function objectsOf(memorial: string): Promise<string[]> {
      const keys: string[] = [];
      for (const prefix of [`${memorial}/`, `incoming/${memorial}/`]) {
        const page = await harness.s3.client.send(
          new ListObjectsV2Command({ Bucket: 'memorials', Prefix: prefix }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      }
      return keys;
    }

    /** What a browser does: start, then PUT the bytes to the presigned URL. */
    async function putPhoto(
      { editor, memorial }: { editor: Caller; memorial: string },
      body: Buffer,
      type = 'image/jpeg',
      name = 'a.jpg',
    ) {
      const data = await harness.ok(editor, START_PHOTO, {
        input: { memorialId: memorial, fileName: name, fileType: type, fileSize: body.length },
      });
      const slot = data.startMemorialPhotoUpload as {
        key: string;
        url: string;
        headers: { name: string; value: string }[];
      };
      const send = (bytes: Buffer) =>
        fetch(slot.url, {
          method: 'PUT',
          headers: {
            ...Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
            connection: 'close',
          },
          body: new Uint8Array(bytes),
        });
      expect((await send(body)).status).toBe(200);
      return { key: slot.key, send };
    }

    it('the upload URL used again after confirm, then a second confirm: the checked photo stays', async () => {
      const scene = await anEditor();
      const { editor, memorial } = scene;
      const slot = await putPhoto(scene, JPEG);
      const first = await harness.ok(editor, CONFIRM_PHOTO, {
        input: { memorialId: memorial, key: slot.key },
      });
      const photoId = first.confirmMemorialPhotoUpload.id as string;

      // A valid JPEG, other bytes: it passes every content check.
      // Same size: the URL signed the length.
      const forged = Buffer.from(JPEG);
      forged.write('forged after confirm', Math.floor(JPEG.length / 2));
      expect((await slot.send(forged)).status).toBe(200);
      const again = await harness.gql(editor, CONFIRM_PHOTO, {
        input: { memorialId: memorial, key: slot.key },
      });

      expect(again.errors?.[0]).toMatchObject({
        message: UploadMessages.alreadyConfirmed,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await harness.count('memorial_photos', 'memorial_id = $1', [memorial])).toBe(1);
      // The file put again is deleted; the stored one is not under the upload key.
      const [row] = await harness.dataSource.query(
        'SELECT file_path FROM memorial_photos WHERE id = $1',
        [photoId],
      );
      expect(await objectsOf(memorial)).toEqual([row.file_path]);
      expect(row.file_path).not.toBe(slot.key.replace(/^incoming\//, ''));
      const { memorialPhotoUrl } = await harness.ok(
        editor,
        'query($id: ID!) { memorialPhotoUrl(id: $id) { url } }',
        { id: photoId },
      );
      const bytes = Buffer.from(await (await fetch(memorialPhotoUrl.url)).arrayBuffer());
      expect(bytes.equals(JPEG)).toBe(true);
    });

    it('refuses a JPEG declared as a PNG (the content must be what was declared): deleted, nothing recorded', async () => {
      const scene = await anEditor();
      const slot = await putPhoto(scene, JPEG, 'image/png', 'a.png');
      const result = await harness.gql(scene.editor, CONFIRM_PHOTO, {
        input: { memorialId: scene.memorial, key: slot.key },
      });
      expect(result.errors?.[0]).toMatchObject({
        message: fileTypeNotAllowedMessage(['jpg', 'jpeg', 'png']),
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await harness.count('memorial_photos', 'memorial_id = $1', [scene.memorial])).toBe(0);
      expect(await objectsOf(scene.memorial)).toEqual([]);
    });

    it('refuses a NUL in the caption written into the query: the upload is deleted, nothing recorded', async () => {
      const scene = await anEditor();
      const slot = await putPhoto(scene, JPEG);
      // The escape is six plain characters in the request; the parsed caption holds a NUL.
      const result = await harness.gql(
        scene.editor,
        `mutation { confirmMemorialPhotoUpload(input: { memorialId: "${scene.memorial}", key: "${slot.key}", caption: "a\\u0000b" }) { id } }`,
      );
      expect(result.errors?.[0]).toMatchObject({
        message: 'Text must not contain NUL characters or unpaired surrogates.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await harness.count('memorial_photos', 'memorial_id = $1', [scene.memorial])).toBe(0);
      expect(await objectsOf(scene.memorial)).toEqual([]);
    });

    it('refuses the 11th photo upload start in a minute, per member, with RATE_LIMITED', async () => {
      const member = await harness.member();
      const memorials = [
        await harness.createMemorial(member),
        await harness.createMemorial(member),
      ];
      const start = (caller: Caller, memorial: string) =>
        harness.gql(caller, START_PHOTO, {
          input: {
            memorialId: memorial,
            fileName: 'a.jpg',
            fileType: 'image/jpeg',
            fileSize: 5 * 1024 * 1024,
          },
        });
      // Spread over two memorials: the limit is the member's, whatever they upload for.
      for (let i = 0; i < UPLOAD_RATE_LIMIT.points; i += 1) {
        expect(outcome(await start(member, memorials[i % 2]!))).toBe('ok');
      }
      const eleventh = await start(member, memorials[0]!);
      expect(eleventh.errors?.[0]).toMatchObject({
        message: UploadMessages.rateLimited,
        extensions: { code: 'RATE_LIMITED' },
      });
      const other = await anEditor();
      expect(outcome(await start(other.editor, other.memorial))).toBe('ok');
    });

    it('sweeps photo uploads nobody confirmed past the cut-off, and never a stored photo', async () => {
      const scene = await anEditor();
      const confirmed = await putPhoto(scene, JPEG);
      await harness.ok(scene.editor, CONFIRM_PHOTO, {
        input: { memorialId: scene.memorial, key: confirmed.key },
      });
      const abandoned = await putPhoto(scene, JPEG);
      const sweeper = harness.app.get(IncomingSweeper);
      // The default cut-off (the URL's life and an hour) spares a fresh upload.
      await sweeper.sweep();
      expect(await objectsOf(scene.memorial)).toContain(abandoned.key);
      await sweeper.sweep(new Date(Date.now() + 1000));
      const rows: { file_path: string }[] = await harness.dataSource.query(
        'SELECT file_path FROM memorial_photos WHERE memorial_id = $1',
        [scene.memorial],
      );
      expect(await objectsOf(scene.memorial)).toEqual(rows.map((row) => row.file_path));
      expect(rows).toHaveLength(1);
    });

    it('refuses a declared PDF before handing out an upload URL', async () => {
      const result = await harness.uploadPhoto(creator, memorialId, {
        body: PDF,
        name: 'scan.pdf',
        type: 'application/pdf',
      });
      expect(result.errors?.[0]).toMatchObject({
        message: fileTypeNotAllowedMessage(['jpg', 'jpeg', 'png']),
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it("reorders the memorial's photos, and refuses another memorial's photo id", async () => {
      const second = await harness.uploadPhoto(creator, memorialId, {
        body: JPEG,
        name: 'b.jpg',
        type: 'image/jpeg',
      });
      const order = async () =>
        (await harness.ok(creator, MEMORIAL, { m: memorialId })).memorial.photos.map(
          (photo: { id: string }) => photo.id,
        ) as string[];
      const before = await order();
      expect(before).toHaveLength(2);
      expect(before[1]).toBe(second.data.confirmMemorialPhotoUpload.id);

      const otherMemorial = await harness.createMemorial(creator);
      const foreign = await harness.uploadPhoto(creator, otherMemorial, {
        body: JPEG,
        name: 'c.jpg',
        type: 'image/jpeg',
      });
      const refused = await harness.gql(
        creator,
        'mutation($m: ID!, $ids: [ID!]!) { reorderMemorialPhotos(memorialId: $m, photoIds: $ids) { id } }',
        { m: memorialId, ids: [before[1], foreign.data.confirmMemorialPhotoUpload.id] },
      );
      expect(refused.errors?.[0]).toMatchObject({
        message: MemorialMessages.photoOrderInvalid,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const duplicated = await harness.gql(
        creator,
        'mutation($m: ID!, $ids: [ID!]!) { reorderMemorialPhotos(memorialId: $m, photoIds: $ids) { id } }',
        { m: memorialId, ids: [before[0], before[0]] },
      );
      expect(outcome(duplicated)).toBe('BAD_USER_INPUT');
      expect(await order()).toEqual(before);

      const reordered = await harness.ok(
        creator,
        'mutation($m: ID!, $ids: [ID!]!) { reorderMemorialPhotos(memorialId: $m, photoIds: $ids) { id displayOrder } }',
        { m: memorialId, ids: [before[1], before[0]] },
      );
      expect(reordered.reorderMemorialPhotos).toEqual([
        { id: before[1], displayOrder: 0 },
        { id: before[0], displayOrder: 1 },
      ]);
      expect(await order()).toEqual([before[1], before[0]]);
    });

    it('keeps the privacy level and profile photo unless an edit gives them, and refuses a foreign profile photo', async () => {
      const edit = (input: Record<string, unknown>) =>
        harness.gql(
          creator,
          'mutation($m: ID!, $input: MemorialInput!) { updateMemorial(id: $m, input: $input) { privacyLevel profilePhotoId } }',
          { m: memorialId, input: { fullName: 'Amina Yusuf', ...input } },
        );
      const { memorial } = await harness.ok(creator, MEMORIAL, { m: memorialId });
      expect(memorial.profileImageUrl).not.toBeNull();
      const kept = await edit({ biography: 'Kept' });
      expect(kept.data.updateMemorial.privacyLevel).toBe('FAMILY_ONLY');
      const profilePhotoId = kept.data.updateMemorial.profilePhotoId as string;
      expect(profilePhotoId).toEqual(expect.any(String));

      const otherMemorial = await harness.createMemorial(creator);
      const foreign = await harness.uploadPhoto(creator, otherMemorial, {
        body: JPEG,
        name: 'd.jpg',
        type: 'image/jpeg',
      });
      const refused = await edit({ profilePhotoId: foreign.data.confirmMemorialPhotoUpload.id });
      expect(refused.errors?.[0]).toMatchObject({
        message: MemorialMessages.profilePhotoInvalid,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const cleared = await edit({ profilePhotoId: null });
      expect(cleared.data.updateMemorial.profilePhotoId).toBeNull();
      expect((await harness.ok(creator, MEMORIAL, { m: memorialId })).memorial).toMatchObject({
        profileImageUrl: null,
        privacyLevel: 'FAMILY_ONLY',
        // Every other field is replaced: this edit gave no biography.
        biography: null,
      });
    });

    it("refuses to confirm another memorial's upload key", async () => {
      const otherMemorial = await harness.createMemorial(creator);
      const slot = await harness.ok(
        creator,
        'mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { key } }',
        {
          input: {
            memorialId: otherMemorial,
            fileName: 'a.jpg',
            fileType: 'image/jpeg',
            fileSize: JPEG.length,
          },
        },
      );
      const result = await harness.gql(
        creator,
        'mutation($input: ConfirmMemorialPhotoUploadInput!) { confirmMemorialPhotoUpload(input: $input) { id } }',
        { input: { memorialId, key: slot.startMemorialPhotoUpload.key } },
      );
      expect(outcome(result)).toBe('BAD_USER_INPUT');
      expect(await harness.count('memorial_photos', 'memorial_id = $1', [memorialId])).toBe(2);
    });
  });

  it('answers anonymous callers of member operations UNAUTHENTICATED', async () => {
    const result = await harness.gql(null, CREATE, { input: { fullName: 'X' } });
    expect(outcome(result)).toBe('UNAUTHENTICATED');
    expect(outcome(await harness.gql(null, '{ myMemorialInvitations { id } }'))).toBe(
      'UNAUTHENTICATED',
    );
  });
});
