import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startSubgraph, type GqlBody, type TestSubgraph } from '@jibs/testing';
import type { MemorialsConfig } from '../memorials.config';
import { memorialsService } from '../memorials.module';

export interface Caller {
  id: string;
  email: string;
  token: string | null;
}

export type GqlResult = GqlBody;

/** The kinds of caller the permission tests try: nobody, a stranger, connections, owner, admin. */
export type Who = 'visitor' | 'stranger' | 'viewer' | 'editor' | 'creator' | 'admin';
export const WHO: Who[] = ['visitor', 'stranger', 'viewer', 'editor', 'creator', 'admin'];

/** A memorial and one caller of each kind around it. */
export interface MemorialScene {
  memorialId: string;
  photoId: string;
  people: Record<Who, Caller>;
}

export const FIXTURES = join(__dirname, '../../../../libs/storage/src/fixtures');
export const JPEG = readFileSync(join(FIXTURES, 'photo.jpg'));
export const PDF = readFileSync(join(FIXTURES, 'certificate.pdf'));

/**
 * One memorials service on real Postgres, the Postgres bus and s3rver (the shared test
 * subgraph), called with the caller first, as its tests read.
 */
export class MemorialsHarness {
  private subgraph?: TestSubgraph<MemorialsConfig>;

  async start(): Promise<void> {
    this.subgraph = await startSubgraph(memorialsService, { buckets: ['memorials'] });
  }

  async stop(): Promise<void> {
    await this.subgraph?.close();
  }

  private get started(): TestSubgraph<MemorialsConfig> {
    if (!this.subgraph) throw new Error('start() the memorials harness first');
    return this.subgraph;
  }

  get app() {
    return this.started.app;
  }

  /** The shared test subgraph underneath: events delivered as other services publish them. */
  get events(): TestSubgraph<MemorialsConfig> {
    return this.started;
  }

  get dataSource() {
    return this.started.dataSource;
  }

  get s3() {
    return this.started.s3;
  }

  /**
   * A member whose token says their email is verified and who completed registration (billing's
   * `membership.registration_paid` delivered), unless told otherwise.
   */
  member(options: { emailVerified?: boolean; paid?: boolean } = {}): Promise<Caller> {
    return this.started.aMember({
      emailVerified: options.emailVerified ?? true,
      paid: options.paid ?? true,
    });
  }

  admin(): Promise<Caller> {
    return this.started.anAdmin({ emailVerified: true });
  }

  readonly visitor: Caller = { id: randomUUID(), email: '', token: null };

  gql(caller: Caller | null, query: string, variables?: object): Promise<GqlResult> {
    return this.started.gql(query, variables, caller);
  }

  /** The data of a call that must succeed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ok(caller: Caller | null, query: string, variables?: object): Promise<any> {
    return this.started.ok(query, variables, caller);
  }

  async createMemorial(caller: Caller, input: Record<string, unknown> = {}): Promise<string> {
    const data = await this.ok(
      caller,
      'mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }',
      { input: { fullName: 'Amina Yusuf', ...input } },
    );
    return data.createMemorial.id as string;
  }

  /** Invites `member` and has them accept: an accepted connection. */
  async connect(creator: Caller, memorialId: string, member: Caller, canEdit: boolean) {
    await this.ok(
      creator,
      'mutation($m: ID!, $e: String!, $c: Boolean!) { inviteToMemorial(memorialId: $m, email: $e, canEdit: $c) { id } }',
      { m: memorialId, e: member.email, c: canEdit },
    );
    await this.ok(member, 'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }', {
      m: memorialId,
    });
  }

  /**
   * A memorial at `privacyLevel` (a GraphQL enum value) with a photo, a connected viewer and a
   * connected editor, and one caller of each kind.
   */
  async scene(privacyLevel: string): Promise<MemorialScene> {
    const people: Record<Who, Caller> = {
      visitor: this.visitor,
      stranger: await this.member(),
      viewer: await this.member(),
      editor: await this.member(),
      creator: await this.member(),
      admin: await this.admin(),
    };
    const memorialId = await this.createMemorial(people.creator, { privacyLevel });
    await this.connect(people.creator, memorialId, people.viewer, false);
    await this.connect(people.creator, memorialId, people.editor, true);
    const photo = await this.uploadPhoto(people.creator, memorialId, {
      body: JPEG,
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    return { memorialId, photoId: photo.data.confirmMemorialPhotoUpload.id, people };
  }

  /** Start, PUT and confirm: the photo's id. */
  async uploadPhoto(
    caller: Caller,
    memorialId: string,
    file: { body: Buffer; name: string; type: string; caption?: string },
  ): Promise<GqlResult> {
    const slot = await this.gql(
      caller,
      'mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { key url headers { name value } } }',
      {
        input: { memorialId, fileName: file.name, fileType: file.type, fileSize: file.body.length },
      },
    );
    if (slot.errors) return slot;
    const { key, url, headers } = slot.data.startMemorialPhotoUpload as {
      key: string;
      url: string;
      headers: { name: string; value: string }[];
    };
    const put = await fetch(url, {
      method: 'PUT',
      headers: Object.fromEntries(headers.map((header) => [header.name, header.value])),
      body: new Uint8Array(file.body),
    });
    if (!put.ok) throw new Error(`PUT failed: ${put.status}`);
    return this.gql(
      caller,
      'mutation($input: ConfirmMemorialPhotoUploadInput!) { confirmMemorialPhotoUpload(input: $input) { id caption displayOrder contentType size url } }',
      { input: { memorialId, key, caption: file.caption ?? null } },
    );
  }

  count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    return this.started.count(table, where, params);
  }

  /** The data of the events written to the outbox on `topic` for `key`, oldest first. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async outbox(topic: string, key: string): Promise<any[]> {
    return (await this.started.outbox(topic, key)).map((row) => row.envelope.data);
  }
}

/** The error code of a result, or 'ok'. */
export function outcome(result: GqlResult): string {
  return result.errors?.[0]?.extensions.code ?? 'ok';
}
