import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { PARAMETERS } from '../../seed/reference-data.ts';
import { paramProblem } from './param-rules.ts';
import { settingsRepository as repo } from './settings.repository.ts';

/** Keys of the parameters the public header shows. */
export const SiteKeys = {
  platformName: 'site.platformName',
  platformNameZh: 'site.platformNameZh',
  consultPhone: 'site.consultPhone',
  serviceHours: 'site.serviceHours',
} as const;

const BUILT_IN = new Set(PARAMETERS.map(([key]) => key));
const CACHE_MS = 30_000;
const KEY_TAKEN = text('a parameter with this key already exists', '参数键名已存在');

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
    const rows = await repo.allValues(db);
    cache = { at: Date.now(), values: new Map(rows.map((r) => [r.key, r.value])) };
    return cache.values;
  }
  const invalidate = () => {
    cache = undefined;
  };

  function check(input: ParamInput) {
    const problem = paramProblem(input.configKey, input.valueType, input.value);
    if (problem) throw badRequest(text(`value: ${problem.en}`, problem.zh));
  }

  async function inScope(id: number, scope: Scope) {
    const row = await repo.findInScope(db, id, scope);
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

    /** What the public header shows; an unset parameter is empty. */
    async site() {
      const values = await all();
      const value = (key: string) => values.get(key) ?? '';
      return {
        platformName: value(SiteKeys.platformName),
        platformNameZh: value(SiteKeys.platformNameZh),
        consultPhone: value(SiteKeys.consultPhone),
        serviceHours: value(SiteKeys.serviceHours),
      };
    },

    async list(scope: Scope, f: { configKey?: string; name?: string }, page: { offset: number; limit: number }) {
      const { rows, total } = await repo.page(db, scope, f, page);
      return { rows: rows.map((r) => ({ ...r, builtIn: BUILT_IN.has(r.configKey) })), total };
    },

    /** One parameter of the scope, as its edit form shows it. */
    async one(scope: Scope, id: number) {
      const row = await inScope(id, scope);
      return { ...row, builtIn: BUILT_IN.has(row.configKey) };
    },

    async create(scope: Scope, input: ParamInput) {
      if (scope === 'business')
        throw forbidden(
          text('business parameters are fixed: change their values', '业务参数不能新增或删除，只能修改参数值'),
        );
      check(input);
      if (await repo.idOfKey(db, input.configKey)) throw conflict(KEY_TAKEN);
      const id = await repo.insert(db, { ...input, scope });
      invalidate();
      return id;
    },

    async update(scope: Scope, id: number, input: ParamInput) {
      const current = await inScope(id, scope);
      // A built-in parameter keeps its key and type; only its name and value change.
      const next = BUILT_IN.has(current.configKey)
        ? { ...input, configKey: current.configKey, valueType: current.valueType }
        : input;
      check(next);
      const clash = await repo.idOfKey(db, next.configKey);
      if (clash && clash !== id) throw conflict(KEY_TAKEN);
      await repo.update(db, id, { ...next, updatedAt: new Date() });
      invalidate();
    },

    async remove(scope: Scope, id: number) {
      const current = await inScope(id, scope);
      if (BUILT_IN.has(current.configKey))
        throw forbidden(text('a built-in parameter cannot be removed', '内置参数不能删除'));
      await repo.remove(db, id);
      invalidate();
    },

    refresh: invalidate,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
