import { AccountType } from '@lvb/contracts/access';
import {
  RESULT_STATUSES,
  type publicResult,
  type publicResultQuery,
  type publicResultRow,
  type resultQuery,
  type resultRow,
  type supplierResult,
} from '@lvb/contracts/results';
import type { ObjectionStatus } from '@lvb/contracts/objection-workflow';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Language } from '../../i18n/text.ts';
import { text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { filesRepository } from '../files/files.repository.ts';
import { projectScope, projectsRepository, type ProjectRow } from '../projects/projects.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { completionRepository } from './completion.repository.ts';
import type { CompletionService } from './completion.service.ts';
import { resultsRepository } from './results.repository.ts';
import { rankingOf, type RankLine } from './results.service.ts';

type Row = z.output<typeof resultRow>;
type PublicRow = z.output<typeof publicResultRow>;

/** The statuses each kind of `/resultpub` lists. */
const PUBLIC_KIND_STATUSES = {
  publicity: ['publicity'],
  awarded: ['awarded', 'contracted', 'accepted', 'completed'],
  failed: ['failed'],
} as const;
/** Statuses whose result has been published (approved into publicity or further). */
const PUBLISHED_RESULT = new Set<string>([...PUBLIC_KIND_STATUSES.publicity, ...PUBLIC_KIND_STATUSES.awarded]);

const DAY_MS = 86_400_000;
/**
 * When the result reached its stage, on the business clock: publicity starts its publicity days
 * before it ends, the award follows the end of publicity (within a scheduler tick); a failure is
 * the project's last change.
 */
function sinceOf(p: ProjectRow): Date | null {
  if (p.status === 'failed') return p.updatedAt;
  if (!p.publicityEndsAt) return null;
  return p.status === 'publicity'
    ? new Date(p.publicityEndsAt.getTime() - p.publicityDays * DAY_MS)
    : p.publicityEndsAt;
}

const NOT_PARTICIPANT = text(
  'only a company that applied to this project sees its result here',
  '只有报名该项目的企业可以在此查看其结果',
);

/**
 * The result pages' reads: the staff's lists and their export, `/resultpub` and a project page's
 * result for the public, and a participant's view of its own result. Writes are in
 * results.service.ts and completion.service.ts.
 */
export function createResultViews({ db, completion }: { db: Db; completion: CompletionService }) {
  /** The winner and amount of each listed project: the signed award, or the proposal before it. */
  async function winnersAndAmounts(projects: Pick<ProjectRow, 'id' | 'model' | 'status'>[]) {
    const ids = projects.map((p) => p.id);
    const [awarded, confirmations, objections] = await Promise.all([
      applicationsRepository.awardedOf(db, ids),
      completionRepository.lastConfirmations(db, ids),
      completionRepository.objectionCounts(db, ids),
    ]);
    const out = new Map<number, { winner?: (typeof awarded)[number]; amountFen: number | null }>();
    for (const p of projects) {
      const mine = awarded.filter((a) => a.projectId === p.id);
      const winner = mine.find((a) => a.status !== 'declined') ?? mine.at(-1);
      const signed = confirmations.get(p.id);
      let amountFen: number | null = null;
      if (winner && signed?.winnerApplicationId === winner.id) amountFen = signed.amountFen;
      else if (winner)
        amountFen = (await rankingOf(db, p)).find((l) => l.applicationId === winner.id)?.priceFen ?? null;
      out.set(p.id, { winner, amountFen });
    }
    return { out, confirmations, objections };
  }

  async function rowsOf(projects: (ProjectRow & { ownerName: string | null })[]): Promise<Row[]> {
    const { out, confirmations, objections } = await winnersAndAmounts(projects);
    return projects.map((p) => {
      const w = out.get(p.id);
      const signed = confirmations.get(p.id);
      return {
        projectId: p.id,
        code: p.code,
        name: p.name,
        ownerName: p.ownerName ?? '',
        model: p.model,
        status: p.status,
        budgetFen: p.budget,
        winnerApplicationId: w?.winner?.id ?? null,
        winnerName: w?.winner?.companyName ?? null,
        amountFen: w?.amountFen ?? null,
        publicityEndsAt: p.publicityEndsAt,
        openObjections: objections.get(p.id)?.open ?? 0,
        confirmedAt: signed?.confirmedAt ?? null,
        hash: signed?.hash ?? null,
      };
    });
  }

  async function publicRowsOf(projects: (ProjectRow & { ownerName: string | null })[], lang: Language) {
    const { out, objections } = await winnersAndAmounts(projects);
    return projects.map((p): PublicRow => {
      const w = out.get(p.id);
      const counts = objections.get(p.id);
      const published = PUBLISHED_RESULT.has(p.status);
      return {
        projectId: p.id,
        code: p.code,
        name: p.name,
        ownerName: p.ownerName ?? '',
        model: p.model,
        status: p.status,
        winnerName: published ? (w?.winner?.companyName ?? null) : null,
        amountFen: published ? (w?.amountFen ?? null) : null,
        publicityEndsAt: p.publicityEndsAt,
        objections: !counts || counts.all === 0 ? 'none' : counts.open > 0 ? 'open' : 'decided',
        failedReason:
          p.status === 'failed' ? ((lang === 'zh' ? p.statusReasonZh : null) ?? p.statusReason ?? null) : null,
        since: sinceOf(p),
      };
    });
  }

  /** The public result of one project, or undefined while it has none to publish. */
  async function publicResultOf(projectId: number, lang: Language): Promise<z.output<typeof publicResult> | undefined> {
    const [found] = await projectsRepository.withNames(db, [projectId]);
    if (!found || (!PUBLISHED_RESULT.has(found.status) && found.status !== 'failed') || !found.publishedAt)
      return undefined;
    const [row] = await publicRowsOf([found], lang);
    const published = PUBLISHED_RESULT.has(found.status);
    const ranking: RankLine[] = published ? await rankingOf(db, found) : [];
    const signed = published ? await resultsRepository.lastConfirmation(db, projectId) : undefined;
    return {
      ...row!,
      ranking: ranking.map((l) => ({ rank: l.rank, companyName: l.companyName, priceFen: l.priceFen, total: l.total })),
      hash: signed?.hash ?? null,
    };
  }

  return {
    /** The results of the projects in the caller's scope (result pages' lists). */
    async list(actor: SignedInUser, q: z.output<typeof resultQuery>, page: Page) {
      const { rows, total } = await projectsRepository.page(
        db,
        { keyword: q.keyword, model: q.model, statuses: q.status ? [q.status] : RESULT_STATUSES },
        projectScope(actor),
        page,
      );
      return { rows: await rowsOf(rows), total };
    },

    /** `/resultpub`: results in publicity, awarded results, failed projects. */
    async publicList(q: z.output<typeof publicResultQuery>, page: Page, lang: Language) {
      const { rows, total } = await projectsRepository.page(
        db,
        { keyword: q.keyword, statuses: PUBLIC_KIND_STATUSES[q.kind] },
        undefined,
        page,
      );
      return { rows: await publicRowsOf(rows, lang), total };
    },

    async publicDetail(projectId: number, lang: Language) {
      const found = await publicResultOf(projectId, lang);
      if (!found) throw notFound(text('this project has no published result', '该项目尚无公示结果'));
      return found;
    },

    /** A participant's view of a project's result: its application, objection, award and fee. */
    async forSupplier(
      actor: SignedInUser,
      projectId: number,
      lang: Language,
    ): Promise<z.output<typeof supplierResult>> {
      if (actor.types !== AccountType.supplier || !actor.company) throw forbidden(NOT_PARTICIPANT);
      const companyId = actor.company.id;
      const mine = (await applicationsRepository.participantsOf(db, projectId)).find((a) => a.companyId === companyId);
      if (!mine) throw notFound(NOT_PARTICIPANT);
      const [project, result, objection, fee] = await Promise.all([
        projectsRepository.find(db, projectId),
        publicResultOf(projectId, lang),
        resultsRepository.objectionOf(db, projectId, companyId),
        completion.forWinner(projectId, companyId),
      ]);
      const inPublicity =
        project?.status === 'publicity' &&
        !!project.publicityEndsAt &&
        project.publicityEndsAt.getTime() > (await databaseNow(db)).getTime();
      const fileNames = await filesRepository.originalNames(db, [
        ...(objection?.files ?? []),
        ...(fee.voucher ? [fee.voucher] : []),
      ]);
      return {
        fileNames,
        result: result ?? null,
        applicationId: mine.id,
        applicationStatus: mine.status,
        objection: objection
          ? {
              id: objection.id,
              projectId,
              applicationId: objection.applicationId,
              companyId,
              companyName: actor.company.name,
              status: objection.status as ObjectionStatus,
              reason: objection.reason,
              files: objection.files,
              answer: objection.answer,
              decisionReason: objection.decisionReason,
              createdAt: objection.createdAt,
            }
          : null,
        canObject: inPublicity && !objection,
        canAnswerAward: project?.status === 'awarded' && mine.status === 'won',
        fee: fee.fee,
        awardNotice: fee.awardNotice,
      };
    },
  };
}
export type ResultViews = ReturnType<typeof createResultViews>;
