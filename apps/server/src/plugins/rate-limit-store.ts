import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that keeps fixed-window counters in PostgreSQL, so limits on
 * sign-in and code-sending hold across restarts and across every instance on one database.
 * The window is judged by the database clock.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const fullKey = `${this.prefix}${key}`.slice(0, 200);
      queryRows<{ count: number; ttl_ms: number }>(
        db,
        sql`
        insert into rate_limits (key, count, reset_at)
        values (${fullKey}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + ${timeWindow} * interval '1 millisecond' else rate_limits.reset_at end
        returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl_ms`,
      )
        .then((rows) => {
          const row = rows[0];
          cb(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl_ms ?? timeWindow) });
        })
        .catch((err: Error) => cb(err));
    }

    /** Each rate-limited route counts on its own: the key is prefixed with its method and URL. */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `${String(route?.method ?? '')}${String(route?.url ?? '')}:`);
    }
  };
}
