import { AccountType } from '@lvb/contracts/access';
import type { objectionRow, projectResult, resultConfirmation } from '@lvb/contracts/results';
import { Model } from '@lvb/contracts/projects';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { platformTime, platformZone, yuan } from '../../i18n/format.ts';
import { escapeHtml } from '../../lib/sanitize.ts';
import { postNotice } from '../notices/notices.service.ts';
import { text, type Text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { drawsRepository } from '../draws/draws.repository.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { applicationMachine, passWin } from '../applications/applications.service.ts';
import { tellBidders, type Told } from '../applications/tell-bidders.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import type { OpeningRecord } from '../bids/bids.rules.ts';
import { bidsRepository } from '../bids/bids.repository.ts';
import { filesRepository } from '../files/files.repository.ts';
import { checkOwnUploads } from '../files/files.service.ts';
import { isOwnerStaff } from '../projects/projects.policy.ts';
import { projectScope, projectsRepository, type ProjectRow } from '../projects/projects.repository.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { ScoredBid } from '../scoring/scoring.rules.ts';
import { scoringRepository } from '../scoring/scoring.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { CompletionService } from './completion.service.ts';
import { createObjectionMachine } from './results.machine.ts';
import { resultsRepository as repo, type ConfirmationRow, type ObjectionRow } from './results.repository.ts';

type Result = z.output<typeof projectResult>;
type Confirmation = z.output<typeof resultConfirmation>;
type Objection = z.output<typeof objectionRow>;

export const OBJECTION_RECORD = 'objection';

/** How the canonical result is made, in words (docs/workflows.md, "Result"). */
export const CANONICAL_RULE =
  'SHA-256 (lowercase hex) of the UTF-8 JSON {"projectId","ranking":[{"rank","applicationId","priceFen","total"}…],' +
  '"winnerApplicationId","amountFen"} in that key order, no spaces, the ranking in rank order (valid bids only), ' +
  'total null for a price competition, amounts in fen';

const NO_PROJECT = text('project does not exist', '项目不存在');
const NOT_OWNER = text(
  'only staff of the project owner organisation act on its result',
  '只有项目业主单位的人员可以处理其结果',
);
const NOT_PARTICIPANT = text(
  'only a company with a qualified application in this project may do this',
  '只有在该项目中资格审查通过的企业可以进行此操作',
);
const OUTSIDE_PUBLICITY = text(
  'objections are taken only while the result is in publicity',
  '只能在结果公示期内提出异议',
);
const ALREADY_OBJECTED = text('your company has already objected to this result', '贵单位已对该结果提出异议');
const NO_NEXT = text(
  'no valid bidder is left in rank to pass the result to: fail the project instead',
  '没有可顺延的有效中选候选人，请宣布流标',
);

/** One valid bid of the ranking, in rank order. */
export interface RankLine {
  rank: number;
  applicationId: number;
  companyName: string;
  priceFen: number;
  total: number | null;
}

/** The canonical result: the exact text the owner signs (its key order is the rule). */
export function canonicalResult(projectId: number, ranking: RankLine[], winner: number, amountFen: number): string {
  return JSON.stringify({
    projectId,
    ranking: ranking.map((l) => ({
      rank: l.rank,
      applicationId: l.applicationId,
      priceFen: l.priceFen,
      total: l.total,
    })),
    winnerApplicationId: winner,
    amountFen,
  });
}

/** The ranking of a project as the opening (model 2) or the panel's finalised scores (model 3) wrote it. */
export async function rankingOf(conn: Db | Tx, project: Pick<ProjectRow, 'id' | 'model'>): Promise<RankLine[]> {
  if (project.model === Model.poolDraw) {
    // The contractor drawn from the pool who confirmed, engaged at the project's budget.
    // One statement at a time: `conn` may be a transaction's one connection.
    const engaged = await drawsRepository.engaged(conn, project.id);
    const found = await projectsRepository.find(conn, project.id);
    return engaged
      ? [
          {
            rank: 1,
            applicationId: engaged.applicationId,
            companyName: engaged.companyName,
            priceFen: found!.budget,
            total: null,
          },
        ]
      : [];
  }
  if (project.model === Model.bestValue) {
    const written = await scoringRepository.result(conn, project.id);
    const bids = ((written?.record as { bids?: ScoredBid[] } | undefined)?.bids ?? []).filter((b) => b.rank !== null);
    return bids
      .map((b) => ({
        rank: b.rank!,
        applicationId: b.applicationId,
        companyName: b.companyName,
        priceFen: b.priceFen,
        total: b.total,
      }))
      .sort((a, b) => a.rank - b.rank);
  }
  const opening = await bidsRepository.opening(conn, project.id);
  const record = opening?.record as OpeningRecord | undefined;
  return (record?.bids ?? [])
    .filter((b) => b.rank !== null)
    .map((b) => ({
      rank: b.rank!,
      applicationId: b.applicationId,
      companyName: b.companyName,
      priceFen: b.priceFen,
      total: null,
    }))
    .sort((a, b) => a.rank - b.rank);
}

/** The proposed (or awarded) winner: the project's application in `won` or `confirmed`. */
async function winnerOf(conn: Db | Tx, projectId: number) {
  return (await applicationsRepository.participantsOf(conn, projectId)).find(
    (a) => a.status === 'won' || a.status === 'confirmed',
  );
}

/**
 * The award's effect (the project machine's `awarded`, run by the scheduler's tick in the award's
 * transaction): the winner and every other participant get a notice in both languages; `told`
 * collects the SMS that `sendTold` sends after the commit.
 */
export const awardNotice =
  (told: Told[]) =>
  async (tx: Tx, project: ProjectRow): Promise<void> => {
    const winner = await winnerOf(tx, project.id);
    const ranking = await rankingOf(tx, project);
    const line = ranking.find((l) => l.applicationId === winner?.id);
    const amount = line ? yuan(line.priceFen) : '';
    const ends = project.publicityEndsAt ? platformTime(project.publicityEndsAt) : '';
    told.push(
      await tellBidders(tx, project.id, 0, (companyId) =>
        companyId === winner?.companyId
          ? {
              title: text(`Award: ${project.name}`, `中选通知：${project.name}`),
              paragraphs: [
                text(
                  `Your company is awarded project ${project.code} ${project.name} at ${amount}: confirm or decline the award.`,
                  `贵单位中选项目 ${project.code} ${project.name}，中选金额 ${amount}，请确认或放弃中选。`,
                ),
                text(`The publicity ended at ${ends}.`, `公示已于 ${ends} 结束。`),
              ],
            }
          : {
              title: text(`Result: ${project.name}`, `中选结果：${project.name}`),
              paragraphs: [
                text(
                  `Project ${project.code} ${project.name} is awarded to ${line?.companyName ?? ''} at ${amount}.`,
                  `项目 ${project.code} ${project.name} 的中选单位为 ${line?.companyName ?? ''}，中选金额 ${amount}。`,
                ),
              ],
            },
      ),
    );
  };

const confirmationOf = (c: ConfirmationRow, by: string): Confirmation => ({
  id: c.id,
  projectId: c.projectId,
  winnerApplicationId: c.winnerApplicationId,
  amountFen: c.amountFen,
  confirmedBy: by,
  confirmedAt: c.confirmedAt.toISOString(),
  hash: c.hash,
  canonical: c.canonical,
  rule: CANONICAL_RULE,
});

/**
 * The result of a project (DESIGN §7 "Result"; docs/workflows.md has the diagram and refusals):
 * the owner's signed confirmation, the auditor's approval into publicity, objections, the award
 * and the winner's answer. Every status change is an event of the project, objection or
 * application machine; a step that writes more than a status takes the project's lock first
 * (`lockFor`), so that its checks and writes cannot be separated by another request.
 */
export function createResultsService({
  db,
  projects,
  completion,
}: {
  db: Db;
  projects: ProjectsService;
  completion: CompletionService;
}) {
  const machine = projects.machine;
  const objectionMachine = createObjectionMachine();

  /** A project in the staff member's data scope (404 otherwise). */
  async function visible(actor: SignedInUser, id: number): Promise<ProjectRow> {
    const project = await projectsRepository.find(db, id, projectScope(actor));
    if (!project) throw notFound(NO_PROJECT);
    return project;
  }

  async function ownerProject(actor: SignedInUser, id: number): Promise<ProjectRow> {
    const project = await visible(actor, id);
    if (!isOwnerStaff(actor, project)) throw forbidden(NOT_OWNER);
    return project;
  }

  /** The supplier's company's qualified application in the project (403 when it has none). */
  async function participation(actor: SignedInUser, projectId: number, conn: Db | Tx = db) {
    if (actor.types !== AccountType.supplier || !actor.company) throw forbidden(NOT_PARTICIPANT);
    const project = await projectsRepository.find(conn, projectId);
    if (!project || !project.publishedAt) throw notFound(NO_PROJECT);
    const mine = (await applicationsRepository.participantsOf(conn, projectId)).find(
      (a) => a.companyId === actor.company!.id,
    );
    if (!mine) throw forbidden(NOT_PARTICIPANT);
    return { project, application: mine, companyId: actor.company.id };
  }

  /** The first valid bidder in rank still `lost` and never passed over. */
  async function nextInRank(tx: Tx, project: ProjectRow): Promise<number> {
    const ranking = await rankingOf(tx, project);
    const apps = await applicationsRepository.participantsOf(tx, project.id);
    const passed = await repo.passed(tx, project.id);
    const status = new Map(apps.map((a) => [a.id, a.status]));
    const next = ranking.find((l) => status.get(l.applicationId) === 'lost' && !passed.has(l.applicationId));
    if (!next) throw conflict(NO_NEXT);
    return next.applicationId;
  }

  /** A row on the project's timeline for a step of its objections. */
  const projectAudit = (
    tx: Tx,
    projectId: number,
    actor: SignedInUser,
    action: string,
    data: Record<string, unknown>,
  ) =>
    appendAudit(tx, {
      action: `project.${action}`,
      subjectType: 'project',
      subjectId: projectId,
      actorId: actor.id,
      actorName: actor.loginUid,
      data,
    });

  /** The project locked for a result step that leaves from `status` only (409 naming its status otherwise). */
  async function lockIn(tx: Tx, id: number, event: 'reopen_result' | 'fail_result', status: string, refusal?: Text) {
    let row: ProjectRow;
    try {
      row = await machine.lockFor(tx, id, event);
    } catch (err) {
      if (refusal && err instanceof AppError) throw conflict(refusal);
      throw err;
    }
    if (row.status !== status) throw conflict(refusal ?? statusText(row.status));
    return row;
  }
  /** A step of `status` refused in another: named as the project's status dictionary shows it. */
  const statusText = (status: string) => {
    const label = statusLabel('project_status', status);
    return text(
      `a project that is ${label.en} cannot take this step of its result`,
      `状态为“${label.zh}”的项目不能进行此结果操作`,
    );
  };

  /** Passes the result on (`next`) or fails the project, in `tx` with the project locked. */
  async function passOrFail(
    tx: Tx,
    project: ProjectRow,
    actor: SignedInUser,
    choice: 'next' | 'fail',
    reason: string,
    voided: number | null,
  ) {
    if (choice === 'fail') {
      // The void result's winner loses with it; a declined winner stays declined.
      if (voided !== null) await passWin(tx, project.id, voided, null);
      return machine.fire(tx, project.id, { event: 'fail_result', actor, reason });
    }
    const next = await nextInRank(tx, project);
    await passWin(tx, project.id, voided, next);
    if (voided !== null) await repo.pass(tx, project.id, voided);
    return machine.fire(tx, project.id, { event: 'reopen_result', actor, reason });
  }

  /** The result's announcement on /pub when its publicity starts: ranking, winner, amount, end. */
  async function publicityNotice(tx: Tx, project: ProjectRow, actorId: number) {
    const ranking = await rankingOf(tx, project);
    const last = await repo.lastConfirmation(tx, project.id);
    const winner = ranking.find((l) => l.applicationId === last?.winnerApplicationId);
    const ends = project.publicityEndsAt ? platformTime(project.publicityEndsAt) : '';
    const row = (l: RankLine) =>
      `<tr><td>${l.rank}</td><td>${escapeHtml(l.companyName)}</td><td>${yuan(l.priceFen)}</td>${
        l.total === null ? '' : `<td>${l.total}</td>`
      }</tr>`;
    const table = (head: string[]) =>
      `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${ranking
        .map(row)
        .join('')}</tbody></table>`;
    const scored = project.model === Model.bestValue;
    const html = (lang: 'en' | 'zh') =>
      lang === 'zh'
        ? `<p>项目 ${escapeHtml(project.code)} ${escapeHtml(project.name)} 的中选候选人为 ${escapeHtml(
            winner?.companyName ?? '',
          )}，中选金额 ${winner ? yuan(winner.priceFen) : ''}。公示期至 ${ends}（${platformZone()}），公示期内参与单位可提出异议。</p>${table(
            ['名次', '单位', '报价', ...(scored ? ['综合得分'] : [])],
          )}<p>结果签章摘要（SHA-256）：${last?.hash ?? ''}</p>`
        : `<p>The proposed winner of project ${escapeHtml(project.code)} ${escapeHtml(project.name)} is ${escapeHtml(
            winner?.companyName ?? '',
          )} at ${winner ? yuan(winner.priceFen) : ''}. Publicity lasts until ${ends} (${platformZone()}); participants may object until then.</p>${table(
            ['Rank', 'Company', 'Price', ...(scored ? ['Total'] : [])],
          )}<p>SHA-256 of the signed result: ${last?.hash ?? ''}</p>`;
    await postNotice(tx, {
      title: text(`Result publicity: ${project.name}`, `结果公示：${project.name}`),
      noticeType: 'result',
      audience: 'all',
      html: text(html('en'), html('zh')),
      projectId: project.id,
      createdBy: actorId,
    });
  }

  const objectionOf = (o: ObjectionRow, names: Map<number, string>): Objection => ({
    id: o.id,
    projectId: o.projectId,
    applicationId: o.applicationId,
    companyId: o.companyId,
    companyName: names.get(o.applicationId) ?? '',
    status: o.status as Objection['status'],
    reason: o.reason,
    files: o.files,
    answer: o.answer,
    decisionReason: o.decisionReason,
    createdAt: o.createdAt,
  });

  return {
    /** The result as the owner's and the auditor's pages show it. */
    async detail(actor: SignedInUser, id: number): Promise<Result> {
      const project = await visible(actor, id);
      const [ranking, apps, last, objections, winner] = await Promise.all([
        rankingOf(db, project),
        applicationsRepository.participantsOf(db, id),
        repo.lastConfirmation(db, id),
        repo.objectionsOf(db, id),
        winnerOf(db, id),
      ]);
      const status = new Map(apps.map((a) => [a.id, a.status]));
      const names = new Map(ranking.map((l) => [l.applicationId, l.companyName]));
      const fileNames = await filesRepository.originalNames(
        db,
        objections.flatMap((o) => o.files),
      );
      return {
        fileNames,
        projectId: id,
        status: project.status,
        winnerApplicationId: winner?.id ?? null,
        amountFen: ranking.find((l) => l.applicationId === winner?.id)?.priceFen ?? null,
        publicityEndsAt: project.publicityEndsAt,
        ranking: ranking.map((l) => ({ ...l, status: status.get(l.applicationId) ?? '' })),
        confirmation: last ? confirmationOf(last, last.by) : null,
        objections: objections.map((o) => objectionOf(o, names)),
      };
    },

    /** The current signed confirmation: who, when, the hash and the canonical text (printable). */
    async confirmation(actor: SignedInUser, id: number): Promise<Confirmation> {
      await visible(actor, id);
      const last = await repo.lastConfirmation(db, id);
      if (!last) throw notFound(text('this result has not been confirmed', '该结果尚未确认'));
      return confirmationOf(last, last.by);
    },

    /**
     * The owner confirms the proposed winner and signs: the confirmation row (account, business
     * time, canonical result and its SHA-256) and the project's `confirm_result`, in one
     * transaction under the project's lock.
     */
    async confirm(actor: SignedInUser, id: number): Promise<Confirmation> {
      await ownerProject(actor, id);
      const row = await db.transaction(async (tx) => {
        const project = await machine.lockFor(tx, id, 'confirm_result');
        const winner = await winnerOf(tx, id);
        const ranking = await rankingOf(tx, project);
        const line = ranking.find((l) => l.applicationId === winner?.id);
        if (!winner || !line)
          throw conflict(text('this result has no proposed winner to confirm', '该结果没有可确认的中选候选人'));
        const canonical = canonicalResult(id, ranking, winner.id, line.priceFen);
        const hash = sha256Hex(canonical);
        const confirmed = await repo.insertConfirmation(tx, {
          projectId: id,
          winnerApplicationId: winner.id,
          amountFen: line.priceFen,
          confirmedBy: actor.id,
          confirmedAt: await databaseNow(tx),
          canonical,
          hash,
        });
        await machine.fire(tx, id, { event: 'confirm_result', actor });
        await projectAudit(tx, id, actor, 'result_signed', {
          confirmation: confirmed.id,
          winnerApplicationId: winner.id,
          amountFen: line.priceFen,
          hash,
        });
        return confirmed;
      });
      return confirmationOf(row, actor.name);
    },

    /** The auditor approves the confirmed result (publicity) or returns it to the owner with a reason. */
    async audit(actor: SignedInUser, id: number, event: 'approve_result' | 'return_result', reason?: string) {
      await visible(actor, id);
      const row = await db.transaction(async (tx) => {
        const moved = await machine.fire(tx, id, { event, actor, reason });
        if (event === 'approve_result') await publicityNotice(tx, moved, actor.id);
        return moved;
      });
      return { projectId: row.id, status: row.status };
    },

    /**
     * A participant objects during publicity, once per company: with the project locked, so that
     * an award cannot slip between the window's check and the objection that holds it.
     */
    async object(actor: SignedInUser, id: number, input: { reason: string; files: string[] }) {
      const { application, companyId } = await participation(actor, id);
      const row = await db.transaction(async (tx) => {
        const project = await lockIn(tx, id, 'fail_result', 'publicity', OUTSIDE_PUBLICITY);
        const now = await databaseNow(tx);
        if (!project.publicityEndsAt || now.getTime() >= project.publicityEndsAt.getTime())
          throw conflict(OUTSIDE_PUBLICITY);
        if (await repo.objectionOf(tx, id, companyId)) throw conflict(ALREADY_OBJECTED);
        await checkOwnUploads(tx, { names: input.files, userId: actor.id, field: 'files', what: text('file', '文件') });
        let objection: ObjectionRow;
        try {
          objection = await repo.insertObjection(tx, {
            projectId: id,
            applicationId: application.id,
            companyId,
            userId: actor.id,
            reason: input.reason,
            files: input.files,
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(ALREADY_OBJECTED);
          throw err;
        }
        await filesRepository.attach(tx, OBJECTION_RECORD, objection.id, input.files);
        await appendAudit(tx, {
          action: 'objection.file',
          subjectType: OBJECTION_RECORD,
          subjectId: objection.id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { projectId: id, applicationId: application.id, to: 'open', files: input.files.length },
        });
        await projectAudit(tx, id, actor, 'objection', { objection: objection.id, reason: input.reason });
        return objection;
      });
      return { id: row.id, status: row.status as Objection['status'] };
    },

    /** The owner answers an objection (text). */
    async answer(actor: SignedInUser, id: number, objectionId: number, answer: string) {
      await ownerProject(actor, id);
      const found = await repo.objection(db, objectionId);
      if (!found || found.projectId !== id) throw notFound(text('objection does not exist', '异议不存在'));
      const row = await db.transaction(async (tx) => {
        const done = await objectionMachine.fire(tx, objectionId, { event: 'answer', actor, reason: answer });
        await projectAudit(tx, id, actor, 'objection_answered', { objection: objectionId });
        return done;
      });
      return { id: row.id, status: row.status as Objection['status'] };
    },

    /**
     * The auditor decides an objection. Dismissed, publicity goes on. Upheld (only in publicity),
     * the result is void: the voided winner's application loses and is passed over, and the next
     * valid bidder in rank wins (`reopen_result`, back to `result_pending`), or the project fails.
     */
    async decide(
      actor: SignedInUser,
      id: number,
      objectionId: number,
      input: { decision: 'uphold' | 'dismiss'; reason: string; choice?: 'next' | 'fail' },
    ) {
      await visible(actor, id);
      const found = await repo.objection(db, objectionId);
      if (!found || found.projectId !== id) throw notFound(text('objection does not exist', '异议不存在'));
      if (input.decision === 'uphold' && !input.choice)
        throw badRequest(
          text('choice: say whether the result passes to the next bidder or the project fails', '请选择顺延或流标'),
        );
      const row = await db.transaction(async (tx) => {
        const event = input.decision === 'uphold' ? 'uphold' : 'dismiss';
        if (event === 'dismiss') {
          const done = await objectionMachine.fire(tx, objectionId, { event, actor, reason: input.reason });
          await projectAudit(tx, id, actor, 'objection_dismissed', { objection: objectionId, reason: input.reason });
          return done;
        }
        const projectEvent = input.choice === 'next' ? 'reopen_result' : 'fail_result';
        const project = await lockIn(tx, id, projectEvent, 'publicity');
        const done = await objectionMachine.fire(tx, objectionId, { event, actor, reason: input.reason });
        await projectAudit(tx, id, actor, 'objection_upheld', { objection: objectionId, reason: input.reason });
        const winner = await winnerOf(tx, id);
        await passOrFail(tx, project, actor, input.choice!, input.reason, winner?.id ?? null);
        return done;
      });
      return { id: row.id, status: row.status as Objection['status'] };
    },

    /** The winner confirms the award or declines it with a reason (the application's confirm, decline). */
    async answerAward(actor: SignedInUser, id: number, event: 'confirm' | 'decline', reason?: string) {
      const { application } = await participation(actor, id);
      const terms = event === 'confirm' ? await completion.terms() : undefined;
      const row = await db.transaction(async (tx) => {
        const project = await lockIn(
          tx,
          id,
          'fail_result',
          'awarded',
          text('this project has not been awarded', '该项目尚未确定中选'),
        );
        const done = await applicationMachine().fire(tx, application.id, { event, actor, reason });
        if (terms) await completion.openFee(tx, terms, project, application, actor);
        await appendAudit(tx, {
          action: `project.award_${event === 'confirm' ? 'confirmed' : 'declined'}`,
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { applicationId: application.id, ...(reason ? { reason } : {}) },
        });
        return done;
      });
      return { id: row.id, status: row.status };
    },

    /** After the winner declined: the owner passes the result to the next valid bidder or fails the project. */
    async afterDecline(actor: SignedInUser, id: number, input: { choice: 'next' | 'fail'; reason: string }) {
      await ownerProject(actor, id);
      const row = await db.transaction(async (tx) => {
        const event = input.choice === 'next' ? 'reopen_result' : 'fail_result';
        const project = await lockIn(tx, id, event, 'awarded');
        const last = await repo.lastConfirmation(tx, id);
        const declined = (await applicationsRepository.participantsOf(tx, id)).find(
          (a) => a.id === last?.winnerApplicationId,
        );
        if (declined?.status !== 'declined')
          throw conflict(text('the winner has not declined the award', '中选人未放弃中选'));
        return passOrFail(tx, project, actor, input.choice, input.reason, null);
      });
      return { projectId: row.id, status: row.status };
    },
  };
}
export type ResultsService = ReturnType<typeof createResultsService>;
