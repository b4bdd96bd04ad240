import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { PARAMETERS } from '../../seed/reference-data.ts';
import { paramProblem } from './param-rules.ts';
import { configParams } from './settings.table.ts';

/** Keys of the parameters the public header shows. */
export const SiteKeys = {
  platformName: 'site.platformName',
  platformNameZh: 'site.platformNameZh',
  consultPhone: 'site.consultPhone',
  serviceHours: 'site.serviceHours',
} as const;

const BUILT_IN = new Set(PARAMETERS.map(([key]) => key));
const CACHE_MS = 30_000;
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type Scope = 'system' | 'business';
export interface ParamInput {
  configKey: string;
  name: string;
  value: string;
  valueType: string;
}

/**
 * Configuration parameters, read through a cache that this instance refreshes on every change
 * and every instance refreshes within 30 seconds.
 */
export function createSettingsService({ db }: { db: Db }) {
  let cache: { at: number; values: Map<string, string> } | undefined;

  async function all(): Promise<Map<string, string>> {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache.values;
    const rows = await db.select({ key: configParams.configKey, value: configParams.value }).from(configParams);
    cache = { at: Date.now(), values: new Map(rows.map((r) => [r.key, r.value])) };
    return cache.values;
  }
  const invalidate = () => {
    cache = undefined;
  };

  function check(input: ParamInput) {
    const problem = paramProblem(input.configKey, input.valueType, input.value);
    if (problem) throw badRequest(text(`${input.configKey}: ${problem.en}`, `${input.configKey}：${problem.zh}`));
  }

  async function inScope(id: number, scope: Scope) {
    const [row] = await db
      .select()
      .from(configParams)
      .where(and(eq(configParams.id, id), eq(configParams.scope, scope)));
    if (!row) throw notFound(text('parameter does not exist', '参数不存在'));
    return row;
  }

  return {
    async get(key: string): Promise<string | undefined> {
      return (await all()).get(key);
    },
    async getNumber(key: string, fallback: number): Promise<number> {
      const v = Number((await all()).get(key));
      return Number.isFinite(v) ? v : fallback;
    },
    async many(keys: string[]): Promise<Record<string, string>> {
      const values = await all();
      return Object.fromEntries(keys.filter((k) => values.has(k)).map((k) => [k, values.get(k)!]));
    },

    async list(scope: Scope, f: { configKey?: string; name?: string }, page: { offset: number; limit: number }) {
      const cond: SQL | undefined = and(
        eq(configParams.scope, scope),
        f.configKey ? ilike(configParams.configKey, like(f.configKey)) : undefined,
        f.name ? ilike(configParams.name, like(f.name)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(configParams).where(cond);
      const rows = await db
        .select()
        .from(configParams)
        .where(cond)
        .orderBy(asc(configParams.configKey))
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map((r) => ({ ...r, builtIn: BUILT_IN.has(r.configKey) })), total: total?.n ?? 0 };
    },

    async create(scope: Scope, input: ParamInput) {
      if (scope === 'business')
        throw forbidden(
          text('business parameters are fixed: change their values', '业务参数不能新增或删除，只能修改参数值'),
        );
      check(input);
      const [clash] = await db
        .select({ id: configParams.id })
        .from(configParams)
        .where(eq(configParams.configKey, input.configKey));
      if (clash) throw conflict(text('a parameter with this key already exists', '参数键名已存在'));
      const [row] = await db
        .insert(configParams)
        .values({ ...input, scope })
        .returning({ id: configParams.id });
      invalidate();
      return row!.id;
    },

    async update(scope: Scope, id: number, input: ParamInput) {
      const current = await inScope(id, scope);
      // A built-in parameter keeps its key and type; only its name and value change.
      const next = BUILT_IN.has(current.configKey)
        ? { ...input, configKey: current.configKey, valueType: current.valueType }
        : input;
      check(next);
      const [clash] = await db
        .select({ id: configParams.id })
        .from(configParams)
        .where(eq(configParams.configKey, next.configKey));
      if (clash && clash.id !== id) throw conflict(text('a parameter with this key already exists', '参数键名已存在'));
      await db
        .update(configParams)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(configParams.id, id));
      invalidate();
    },

    async remove(scope: Scope, id: number) {
      const current = await inScope(id, scope);
      if (BUILT_IN.has(current.configKey))
        throw forbidden(text('a built-in parameter cannot be removed', '内置参数不能删除'));
      await db.delete(configParams).where(eq(configParams.id, id));
      invalidate();
    },

    refresh: invalidate,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
