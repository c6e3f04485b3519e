import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OUTBOX_CHANNEL } from './create-event-tables.migration';

/**
 * Session advisory lock (a pair of int4 keys, apart from the relay's leadership lock, which has
 * one bigint key) the leading outbox relay holds exclusively while, and only while, it is idle:
 * waiting for a notification with nothing left to publish.
 */
export const RELAY_IDLE_LOCK: readonly [number, number] = [0x6f757462, 0x69646c65]; // "outb", "idle"

/**
 * The outbox trigger notifies only an idle relay. Postgres serialises the commits of
 * transactions that sent a NOTIFY across the whole cluster (a global lock held through the WAL
 * flush), so a NOTIFY on every outbox insert capped durable commits; a busy relay needs none.
 *
 * The trigger tries the relay's idle lock in shared mode, for the rest of its transaction:
 * - it cannot get it: the relay holds it, so it is idle (or about to be): notify it;
 * - it gets it: the relay is busy and will look again; holding the shared lock until commit
 *   keeps the relay from going idle before this row is visible to it (see OutboxRelay).
 */
export class OutboxNotifyWhenIdle1795504736754 implements MigrationInterface {
  name = 'OutboxNotifyWhenIdle1795504736754';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NOT pg_try_advisory_xact_lock_shared(${RELAY_IDLE_LOCK[0]}, ${RELAY_IDLE_LOCK[1]}) THEN PERFORM pg_notify('${OUTBOX_CHANNEL}', ''); END IF; RETURN NULL; END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('${OUTBOX_CHANNEL}', ''); RETURN NULL; END $$`,
    );
  }
}
