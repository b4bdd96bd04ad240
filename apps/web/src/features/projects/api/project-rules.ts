import type { projectRules } from '@lvb/contracts/project-rows';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/shared/lib/request';

export type ProjectRules = z.infer<typeof projectRules>;

/**
 * The rules a project of one type and selection model must meet (value limit, sign-up days,
 * minimum participants, guarantee maximum), as the server checks them: the form shows them before
 * saving and checks them as the owner types. Quiet: without them the form still saves, and the
 * server refuses what breaks a rule on its field.
 */
export const projectRulesQuery = (typeId: number, model: number) =>
  queryOptions({
    queryKey: ['projects', 'rules', typeId, model],
    queryFn: async (): Promise<ProjectRules> =>
      (await request('/api/projects/rules', { params: { typeId, model }, quiet: true })).data as ProjectRules,
    staleTime: 60_000,
    retry: false,
  });

/** The most a bid guarantee may be, in fen, for a budget in fen (the server rounds down the same way). */
export const guaranteeMaxFen = (budgetFen: number, rules: Pick<ProjectRules, 'guaranteeMaxPercent'>) =>
  Math.floor((budgetFen * rules.guaranteeMaxPercent) / 100);
