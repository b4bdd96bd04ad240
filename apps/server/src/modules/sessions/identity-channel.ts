import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';

const CHANNEL = 'identity_changed';
const RECONNECT_MS = 5_000;

/** The driver client under a Drizzle handle: a pg Pool, or a PGlite instance. */
interface Listenable {
  listen?: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>>;
  options?: pg.ClientConfig;
}

/**
 * Tells every server instance on the database that accounts, roles, menus, companies or sessions
 * changed, through PostgreSQL LISTEN/NOTIFY: PGlite delivers in process; on PostgreSQL a dedicated
 * connection (outside the pool) listens and reconnects after a failure. While it is down, other
 * instances' caches are bounded by their short lifetime only.
 */
export function identityChannel(db: Db) {
  let stop: (() => Promise<void>) | null = null;
  let closed = false;

  async function listenPg(options: pg.ClientConfig, onChange: () => void) {
    const client = new pg.Client(options);
    let retry: NodeJS.Timeout | undefined;
    const reconnect = () => {
      onChange();
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (!closed) {
        retry = setTimeout(() => void listenPg(options, onChange).catch(reconnect), RECONNECT_MS);
        retry.unref();
      }
    };
    client.on('error', reconnect);
    client.on('notification', onChange);
    stop = async () => {
      clearTimeout(retry);
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    };
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
  }

  return {
    /** Starts calling `onChange` for every change announced by any instance (this one included). */
    async listen(onChange: () => void) {
      closed = false;
      const client = (db as unknown as { $client: Listenable }).$client;
      if (typeof client.listen === 'function') {
        stop = await client.listen(CHANNEL, onChange);
      } else if (client.options) {
        await listenPg(client.options, onChange);
      }
    },

    /** Announces a change; a failure to announce leaves the others to their cache lifetime. */
    publish: () =>
      db.execute(sql`select pg_notify(${CHANNEL}, '')`).then(
        () => undefined,
        () => undefined,
      ),

    async close() {
      closed = true;
      await stop?.().catch(() => undefined);
      stop = null;
    },
  };
}
