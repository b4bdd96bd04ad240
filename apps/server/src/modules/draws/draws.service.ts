import { randomBytes } from 'node:crypto';
import { AccountType } from '@lvb/contracts/access';
import { drawCommitment, drawListHash, drawListText, drawOrder } from '@lvb/contracts/draw';
import type { DrawStatus, PickStatus } from '@lvb/contracts/draw-workflow';
import type {
  DrawScheduleBody,
  drawDetail,
  drawPreview,
  drawQuery,
  drawRow,
  drawnQuery,
  myPick,
  schedulableProject,
} from '@lvb/contracts/draws';
import { Model } from '@lvb/contracts/projects';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { platformTime, yuan } from '../../i18n/format.ts';
import { text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { settleApplications } from '../applications/applications.service.ts';
import { sendTold, tellBidders, type Told } from '../applications/tell-bidders.ts';
import { appendAudit, timelineOf } from '../audit-trail/audit-trail.service.ts';
import { openSecret, sealSecret } from '../bids/bid-crypto.ts';
import { poolRepository } from '../pool/pool.repository.ts';
import {
  projectIdsVisibleTo,
  projectScope,
  projectsRepository,
  type ProjectRow,
} from '../projects/projects.repository.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { createDrawMachine, createPickMachine } from './draws.machine.ts';
import { drawsRepository as repo, type DrawRecord, type ListedDraw, type ListedPick } from './draws.repository.ts';

type Detail = z.output<typeof drawDetail>;
type Row = z.output<typeof drawRow>;

const NO_DRAW = text('draw does not exist', '抽取记录不存在');
const NO_PICK = text('draw ask does not exist', '抽取确认记录不存在');
const NO_PROJECT = text('project does not exist', '项目不存在');
const HOUR_MS = 3_600_000;

/** The seed's label as associated data: a sealed seed copied onto another project does not open. */
const seedLabel = (projectId: number) => `draw-seed:project:${projectId}`;

const rowOf = (d: ListedDraw): Row => ({
  id: d.id,
  projectId: d.projectId,
  projectCode: d.projectCode,
  projectName: d.projectName,
  ownerName: d.ownerName,
  drawAt: new Date(d.drawAt),
  typeId: d.typeId,
  subCategoryId: d.subCategoryId,
  placeId: d.placeId,
  reserves: d.reserves,
  candidateCount: d.candidates.length,
  listHash: d.listHash,
  commitment: d.commitment,
  status: d.status as DrawStatus,
  statusReason: d.statusReason,
  seed: d.seed,
  entropy: d.entropy,
  order: d.order,
  drawnAt: d.drawnAt,
  witnessName: d.witnessName ?? null,
  engagedCompany: d.engagedCompany,
  createdAt: d.createdAt,
});

const pickOf = (p: ListedPick) => ({
  id: p.id,
  rank: p.rank,
  position: p.position,
  companyId: p.companyId,
  companyName: p.companyName,
  status: p.status as PickStatus,
  statusReason: p.statusReason,
  askedAt: p.askedAt,
  deadline: p.deadline,
  answeredAt: p.answeredAt,
});

/**
 * Pool draws (DESIGN §7 model 1, "The draw, exactly"). Invariants, each enforced where named:
 * - the candidate list, its hash and the seed's commitment are fixed at scheduling, once per
 *   project (`draws_project_uq`), while the project is published and before its draw time;
 * - the seed exists only sealed under the key from the environment until the draw (`seed` is
 *   written by the draw alone), so no route, log or export can show it before;
 * - the draw happens once (the engine's conditional UPDATE under the draw's lock), at or after
 *   the draw time by the database clock, by the supervisor who witnesses it;
 * - one contractor is asked at a time (`draw_picks_asked_uq`), in the drawn order; a decline or an
 *   expiry asks the next within the reserves, or fails the project when none is left; a
 *   confirmation makes the company's application the winner of the ranking in the same
 *   transaction, and the result follows the results workflow.
 */
export function createDrawsService({
  db,
  bidKey,
  projects,
  settings,
  sms,
  onSmsFailure,
}: {
  db: Db;
  bidKey: Buffer;
  projects: ProjectsService;
  settings: SettingsService;
  sms: SmsProvider;
  onSmsFailure: (err: unknown) => void;
}) {
  const confirmHours = () => settings.getNumber('draw.confirmHours', 24);
  const excludeDays = () => settings.getNumber('draw.excludeRecentDays', 30);

  async function send(told: Told[]) {
    for (const t of told) await sendTold(db, sms, t, onSmsFailure);
  }

  /** Asks the contractor at `rank` of the drawn order, and tells its company. */
  async function ask(
    tx: Tx,
    draw: DrawRecord,
    order: number[],
    rank: number,
    told: Told[],
    createdBy: number,
    hours: number,
  ) {
    const candidate = draw.candidates[order[rank]!]!;
    const now = await databaseNow(tx);
    const deadline = new Date(now.getTime() + hours * HOUR_MS);
    await repo.insertPick(tx, {
      drawId: draw.id,
      rank,
      position: order[rank]!,
      memberId: candidate.memberId,
      companyId: candidate.companyId,
      deadline,
    });
    const project = (await projectsRepository.find(tx, draw.projectId))!;
    const message = {
      title: text(`You were drawn for ${project.name}`, `贵单位被抽中：${project.name}`),
      paragraphs: [
        text(
          `Your company was drawn from the contractor pool for ${project.name} (${project.code}, budget ${yuan(project.budget)}). Confirm or decline under Pool draws by ${platformTime(deadline)}; without an answer the next contractor is asked.`,
          `贵单位在承包商库随机抽取中被抽中，项目“${project.name}”（${project.code}，预算 ${yuan(project.budget)}）。请于 ${platformTime(deadline)} 前在“随机抽取项目”中确认或放弃，逾期未确认将顺延至下一家。`,
        ),
      ],
    };
    told.push(await tellBidders(tx, draw.projectId, createdBy, () => message, [candidate.companyId]));
  }

  /**
   * The draw machine of one call: `entropy` what the witness typed, `hours` the confirmation
   * window (read before the transaction: a read outside it would wait for it on one connection).
   */
  function drawMachine(entropy: string, told: Told[], hours = 0) {
    return createDrawMachine({
      async checkDrawable(tx, row) {
        // The project's lock: a cancellation meanwhile either went first (refused here) or waits.
        const project = await projectsRepository.findShared(tx, row.projectId);
        if (!project) throw notFound(NO_PROJECT);
        const now = await databaseNow(tx);
        if (now.getTime() < project.openingAt.getTime())
          throw conflict(
            text(
              `the draw time (${platformTime(project.openingAt)}) has not come yet`,
              `尚未到抽取时间（${platformTime(project.openingAt)}）`,
            ),
          );
        if (project.status !== 'published' && project.status !== 'evaluating')
          throw conflict(text('the project is no longer waiting for its draw', '该项目已不在待抽取状态'));
      },
      async drawn(tx, row, ctx) {
        const person = ctx.actor === 'system' ? null : ctx.actor;
        const project = (await projectsRepository.find(tx, row.projectId))!;
        // The scheduler may not have ticked since the draw time: the draw starts the evaluation.
        if (project.status === 'published')
          await projects.machine.fire(tx, project.id, { event: 'start_draw', actor: 'system' });
        const seed = openSecret(bidKey, row.sealedSeed, seedLabel(row.projectId));
        const order = await drawOrder(seed, row.listHash, entropy, row.candidates.length);
        await repo.reveal(tx, row.id, { seed: seed.toString('hex'), entropy, order, witnessId: person!.id });
        await appendAudit(tx, {
          action: 'draw.reveal',
          subjectType: 'draw',
          subjectId: row.id,
          actorId: person!.id,
          actorName: person!.loginUid,
          data: { seed: seed.toString('hex'), entropy, order, listHash: row.listHash },
        });
        await ask(tx, row, order, 0, told, person!.id, hours);
      },
    });
  }

  /** The ask machine of one call: a confirmation engages, a decline or expiry passes on. */
  function pickMachine(told: Told[], hours: number, who?: SignedInUser) {
    return createPickMachine({
      async confirmed(tx, pick) {
        const draw = (await repo.find(tx, pick.drawId))!;
        // The project's lock and status first: a cancellation meanwhile refuses the confirmation.
        const project = await projects.machine.lockFor(tx, draw.projectId, 'rank');
        // The confirming account is the application's contact.
        const applicationId = await applicationsRepository.insert(tx, {
          projectId: project.id,
          companyId: pick.companyId,
          userId: who!.id,
          contactName: who!.name.slice(0, 50),
          contactTel: (who!.tel ?? '').slice(0, 20),
          status: 'qualified',
          checkedAt: await databaseNow(tx),
        });
        await repo.setPickApplication(tx, pick.id, applicationId);
        await settleApplications(tx, project.id, [applicationId]);
        await projects.machine.fire(tx, project.id, { event: 'rank', actor: 'system' });
        await drawMachine('', told).fire(tx, draw.id, { event: 'engage', actor: 'system' });
      },
      async passed(tx, pick) {
        const draw = (await repo.find(tx, pick.drawId))!;
        const order = draw.order ?? [];
        const next = pick.rank + 1;
        if (next <= draw.reserves && next < order.length) {
          await ask(tx, draw, order, next, told, draw.scheduledBy, hours);
          return;
        }
        await drawMachine('', told).fire(tx, draw.id, { event: 'exhaust', actor: 'system' });
        await projects.machine.fire(tx, draw.projectId, {
          event: 'fail',
          actor: 'system',
          reason: text(
            'no contractor drawn from the pool confirmed the project',
            '从承包商库抽取的承包商均未确认承接该项目',
          ),
        });
      },
    });
  }

  async function scopedDraw(actor: SignedInUser, id: number) {
    const row = await repo.find(db, id, projectIdsVisibleTo(actor));
    if (!row) throw notFound(NO_DRAW);
    return row;
  }

  async function detailOf(id: number, withTimeline = true): Promise<Detail> {
    const [listed, picks, timeline] = await Promise.all([
      repo.listed(db, id),
      repo.picksOf(db, id),
      withTimeline ? timelineOf(db, 'draw', id) : Promise.resolve([]),
    ]);
    return {
      ...rowOf(listed!),
      listText: listed!.listText,
      candidates: listed!.candidates.map((c, position) => ({ position, ...c })),
      picks: picks.map(pickOf),
      timeline,
    };
  }

  /** Who a schedule would freeze now: the pool's matching members valid on the draw's date, without the recently drawn. */
  async function candidatesFor(project: ProjectRow, q: Omit<DrawScheduleBody, 'reserves' | 'projectId'>) {
    const [members, recent] = await Promise.all([
      poolRepository.candidates(db, {
        typeId: q.typeId,
        subCategoryId: q.subCategoryId,
        placeId: q.placeId,
        onDate: platformTime(project.openingAt).slice(0, 10),
      }),
      repo.recentlyDrawn(db, await excludeDays()),
    ]);
    const kept = members.filter((m) => !recent.has(m.companyId));
    return { kept, excludedRecent: members.length - kept.length };
  }

  async function schedulableOrThrow(actor: SignedInUser, projectId: number) {
    const project = await projectsRepository.find(db, projectId, projectScope(actor));
    if (!project) throw notFound(NO_PROJECT);
    if (project.model !== Model.poolDraw)
      throw conflict(text('only a pool-draw project is drawn from the pool', '只有随机抽取项目从承包商库抽取'));
    return project;
  }

  return {
    /** The caller's pool-draw projects, published, before their draw time, with no live draw. */
    async schedulable(actor: SignedInUser): Promise<z.output<typeof schedulableProject>[]> {
      const found = await projectsRepository.page(
        db,
        { model: Model.poolDraw, status: 'published' },
        projectScope(actor),
        { limit: 200, offset: 0 },
      );
      const rows = found.rows;
      const taken = await repo.projectsWithDraw(
        db,
        rows.map((p) => p.id),
      );
      const now = await databaseNow(db);
      return rows
        .filter((p) => !taken.has(p.id) && p.openingAt.getTime() > now.getTime())
        .map((p) => ({
          projectId: p.id,
          projectCode: p.code,
          projectName: p.name,
          drawAt: p.openingAt,
          typeId: p.typeId,
          subCategoryId: p.subCategoryId,
          placeId: p.placeId,
        }));
    },

    async preview(actor: SignedInUser, q: Omit<DrawScheduleBody, 'reserves'>): Promise<z.output<typeof drawPreview>> {
      const project = await schedulableOrThrow(actor, q.projectId);
      const { kept, excludedRecent } = await candidatesFor(project, q);
      return { candidates: kept, excludedRecent };
    },

    /** Freezes the list, commits to a fresh seed and publishes both, once per project. */
    async schedule(actor: SignedInUser, body: DrawScheduleBody): Promise<Detail> {
      const project = await schedulableOrThrow(actor, body.projectId);
      const { kept } = await candidatesFor(project, body);
      if (kept.length === 0)
        throw conflict(
          text(
            'no pool member matches this type and region on the draw date: nobody could be drawn',
            '在抽取日期没有符合该类型和地区的承包商库成员，无法抽取',
          ),
        );
      const candidates = kept.map((c) => ({
        memberId: c.memberId,
        companyId: c.companyId,
        creditCode: c.creditCode,
        companyName: c.companyName,
      }));
      const listText = drawListText(
        candidates.map((c) => ({ id: c.memberId, creditCode: c.creditCode, name: c.companyName })),
      );
      const seed = randomBytes(32);
      const [listHash, commitment] = await Promise.all([drawListHash(listText), drawCommitment(seed)]);
      const already = text('a draw of this project is already scheduled', '该项目已安排抽取');
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const locked = await projectsRepository.findShared(tx, project.id);
          const now = await databaseNow(tx);
          if (locked?.status !== 'published' || now.getTime() >= locked.openingAt.getTime())
            throw conflict(
              text(
                'a draw is scheduled while the project is published and before its draw time',
                '抽取须在项目发布后、抽取时间之前安排',
              ),
            );
          if (await repo.liveOf(tx, project.id)) throw conflict(already);
          const row = await repo.insert(tx, {
            projectId: project.id,
            typeId: body.typeId,
            subCategoryId: body.subCategoryId,
            placeId: body.placeId,
            reserves: body.reserves,
            candidates,
            listText,
            listHash,
            commitment,
            sealedSeed: sealSecret(bidKey, seed, seedLabel(project.id)),
            scheduledBy: actor.id,
          });
          await appendAudit(tx, {
            action: 'draw.schedule',
            subjectType: 'draw',
            subjectId: row.id,
            actorId: actor.id,
            actorName: actor.loginUid,
            data: { projectId: project.id, candidates: candidates.length, listHash, commitment, to: 'scheduled' },
          });
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(already);
        throw err;
      } finally {
        seed.fill(0);
      }
      return detailOf(id);
    },

    /** The witnessed draw: the seed revealed, the order computed, the first contractor asked. */
    async draw(actor: SignedInUser, id: number, entropy: string): Promise<Detail> {
      await scopedDraw(actor, id);
      const told: Told[] = [];
      await drawMachine(entropy, told, await confirmHours()).fire(db, id, { event: 'draw', actor });
      await send(told);
      return detailOf(id);
    },

    async cancel(actor: SignedInUser, id: number, reason: string): Promise<Detail> {
      await scopedDraw(actor, id);
      await drawMachine('', []).fire(db, id, { event: 'cancel', actor, reason });
      return detailOf(id);
    },

    async list(actor: SignedInUser, q: z.output<typeof drawQuery>, page: Page) {
      const { rows, total } = await repo.page(db, { ...q, scope: projectIdsVisibleTo(actor) }, page);
      return { rows: rows.map(rowOf), total };
    },
    async detail(actor: SignedInUser, id: number): Promise<Detail> {
      await scopedDraw(actor, id);
      return detailOf(id);
    },
    async history(q: z.output<typeof drawnQuery>, page: Page) {
      const { rows, total } = await repo.history(db, q, page);
      return {
        rows: rows.map((r) => ({
          ...pickOf(r),
          drawId: r.drawId,
          projectId: Number(r.projectId),
          projectCode: r.projectCode,
          projectName: r.projectName,
          drawnAt: r.drawnAt ? new Date(r.drawnAt) : null,
        })),
        total,
      };
    },

    // Suppliers
    async myPicks(actor: SignedInUser, page: Page) {
      if (actor.types !== AccountType.supplier || !actor.company) throw forbidden();
      const { rows, total } = await repo.picksOfCompany(db, actor.company.id, page);
      return { rows: rows.map((r) => myPickOf(r)), total };
    },
    async answer(actor: SignedInUser, id: number, event: 'confirm' | 'decline', reason?: string) {
      if (actor.types !== AccountType.supplier || !actor.company) throw forbidden();
      if (!(await repo.pick(db, id, actor.company.id))) throw notFound(NO_PICK);
      const told: Told[] = [];
      await pickMachine(told, await confirmHours(), actor).fire(db, id, { event, actor, reason });
      await send(told);
      const { rows } = await repo.picksOfCompany(db, actor.company.id, { limit: 500, offset: 0 });
      return myPickOf(rows.find((r) => r.id === id)!);
    },

    /** The scheduler's tick: asks past their deadline expire, and the next contractor is asked. */
    async expireDue(): Promise<number> {
      const told: Told[] = [];
      const moved = await pickMachine(told, await confirmHours()).fireDue(db, 'expire', repo.expiredDue());
      await send(told);
      return moved;
    },

    // Public (/extract)
    async publicList(page: Page) {
      const { rows, total } = await repo.page(db, { published: true }, page);
      return { rows: rows.map(rowOf).map(({ witnessName: _, ...r }) => r), total };
    },
    async publicDetail(id: number) {
      const row = await repo.find(db, id);
      if (!row || row.status === 'cancelled') throw notFound(NO_DRAW);
      const { timeline: _t, witnessName: _w, ...rest } = await detailOf(id, false);
      return rest;
    },
  };

  function myPickOf(r: Awaited<ReturnType<typeof repo.picksOfCompany>>['rows'][number]): z.output<typeof myPick> {
    return {
      ...pickOf(r),
      drawId: r.drawId,
      projectId: Number(r.projectId),
      projectCode: r.projectCode,
      projectName: r.projectName,
      ownerName: r.ownerName,
      budgetFen: Number(r.budgetFen),
      secondsLeft: Math.round(Number(r.secondsLeft)),
    };
  }
}
export type DrawsService = ReturnType<typeof createDrawsService>;
