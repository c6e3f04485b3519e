import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

/**
 * Receipts on /metrics, read from the table at each scrape: how many are not handed to the mail
 * transport yet, and how long the oldest has waited. A receipt waits briefly while its member's
 * address is unknown; one that waits long is a mail relay refusing, or a consumer stuck (an
 * alert rule watches the age).
 */
export function registerReceiptMetrics(
  registry: Registry,
  dataSource: DataSource,
): { unsent: Gauge; oldest: Gauge } {
  let latest = { unsent: 0, oldest: 0 };
  const read = async () => {
    try {
      const [row]: { unsent: number; oldest: number }[] = await dataSource.query(
        `SELECT count(*)::int AS unsent,
                coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
           FROM receipts WHERE sent_at IS NULL`,
      );
      if (row) latest = row;
    } catch {
      // The database is away: keep the last reading (readiness reports the outage).
    }
    return latest;
  };
  const unsent = new Gauge({
    name: 'notifications_receipts_unsent',
    help: 'Payment receipts not yet handed to the mail transport',
    registers: [registry],
    async collect() {
      this.set((await read()).unsent);
    },
  });
  const oldest = new Gauge({
    name: 'notifications_receipts_unsent_oldest_seconds',
    help: 'Seconds the oldest unsent payment receipt has waited (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await read()).oldest);
    },
  });
  return { unsent, oldest };
}
