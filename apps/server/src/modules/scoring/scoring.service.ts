import { isOwnerStaff } from '../projects/projects.policy.ts';
import { Model } from '@lvb/contracts/projects';
import { AccountType, hasPermission } from '@lvb/contracts/access';
import type { OpeningRecord } from '../bids/bids.rules.ts';
import { Perm } from '@lvb/contracts/permissions';
import type { panelCandidate, scoresBody, scoringDetail, scoringQuery, scoringRow } from '@lvb/contracts/scoring';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { settleApplications } from '../applications/applications.service.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import { bidsRepository } from '../bids/bids.repository.ts';
import { BID_RECORD } from '../bids/bids.service.ts';
import { filesRepository } from '../files/files.repository.ts';
import { fileDownload } from '../files/files.service.ts';
import { masterDataRepository } from '../master-data/master-data.repository.ts';
import {
  projectIdsVisibleTo,
  projectScope,
  projectScopeOr,
  projectsRepository,
} from '../projects/projects.repository.ts';
import { rolesGranting } from '../roles/roles.repository.ts';
import { sendTold, tellBidders } from '../applications/tell-bidders.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import type { Page } from '../../lib/paging.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { scoringRepository as repo } from './scoring.repository.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { eligibleExperts } from '../experts/experts.eligible.ts';
import { platformTime } from '../../i18n/format.ts';
import type { PanelDrawBody, panelDraw } from '@lvb/contracts/experts';
import { openPanelSeed } from './panel-seed.ts';
import { drawPanel as drawPanelOrder, panelList } from './panel-draw.rules.ts';
import { priceScores, rankByTotal, type ScoredBid, type ValidBid } from './scoring.rules.ts';

type Detail = z.output<typeof scoringDetail>;
type Row = z.output<typeof scoringRow>;
type Candidate = z.output<typeof panelCandidate>;
type Scores = z.output<typeof scoresBody>['scores'];
type PanelDrawView = z.output<typeof panelDraw>;

const PANEL_DRAWN = text(
  'the panel of this project was drawn from the expert pool: it cannot be drawn again or replaced',
  '该项目评审小组已从专家库抽取，不能重新抽取或更换',
);
const NO_PROJECT = text('project does not exist', '项目不存在');
const FINALISED = text('the scoring of this project is finalised', '该项目评分已确定');

/**
 * Best-value scoring (DESIGN §7, model 3). Invariants, each enforced where named:
 * - scoring starts only after an opening whose outcome is `scoring` (`load`);
 * - only staff of the owner organisation assign the panel, and only before any member submitted
 *   (`assign`, under the project's scoring lock);
 * - a member submits every bid's every criterion at once and never again: the conditional update
 *   of `submitted_at` under the same lock (`submit`);
 * - nobody sees another member's scores or any total before every member submitted (`detail`);
 * - the ranking is written once (the `scoring_results` primary key), in the transaction that moves
 *   the project to `result_pending`, settles the applications and notifies the bidders (`finalise`).
 */
export function createScoringService({
  db,
  bidKey,
  projects,
  sms,
  onSmsFailure,
}: {
  db: Db;
  /** The key the panel seeds are sealed under (the bid key from the environment). */
  bidKey: Buffer;
  projects: ProjectsService;
  sms: SmsProvider;
  /** A text message that could not be sent: logged, the ranking stands. */
  onSmsFailure: (err: unknown) => void;
}) {
  /** The project, its type's criteria and weight, and the valid bids of its opening record. */
  async function load(actor: SignedInUser, id: number) {
    const project = await projectsRepository.find(db, id);
    if (!project || project.model !== Model.bestValue) throw notFound(NO_PROJECT);
    const panel = await repo.panel(db, id);
    const member = panel.some((m) => m.userId === actor.id);
    if (!member && !(await projectsRepository.find(db, id, projectScope(actor)))) throw notFound(NO_PROJECT);
    const opening = await bidsRepository.opening(db, id);
    const record = opening?.record as OpeningRecord | undefined;
    if (!record || record.outcome !== 'scoring')
      throw conflict(
        text(
          'this project is not open for scoring: its bids are not opened, or the opening failed it',
          '该项目尚不能评分：尚未开标，或开标后项目已流标',
        ),
      );
    const type = (await masterDataRepository.projectType(db, project.typeId))!;
    const bids: ValidBid[] = record.bids
      .filter((b) => b.valid)
      .map((b) => ({
        bidId: b.bidId,
        applicationId: b.applicationId,
        companyName: b.companyName,
        priceFen: b.priceFen,
        receiptHash: b.receiptHash,
      }));
    return {
      project,
      panel,
      member,
      bids,
      record,
      criteria: type.scoreCriteria,
      weight: type.priceWeight,
      companyOf: new Map(record.bids.map((b) => [b.bidId, b.companyId])),
    };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  /** Scoring happens while the project is in evaluation: a cancelled or failed one takes none. */
  function notEvaluating(l: Loaded) {
    if (l.project.status === 'evaluating') return undefined;
    const status = statusLabel('project_status', l.project.status);
    return conflict(
      text(`a project that is ${status.en} is not being scored`, `状态为“${status.zh}”的项目不能进行评分`),
    );
  }

  /**
   * In the step's transaction: the project locked and still in evaluation (a cancellation either
   * committed before and is refused here, or waits for this step), and the scoring serialised.
   */
  async function lockScoring(tx: Tx, id: number) {
    await projects.machine.lockFor(tx, id, 'rank');
    await repo.lock(tx, id);
  }

  /**
   * A panel is drawn from the expert pool; the owner appoints one only when the pool has nobody
   * to draw for the project (or the project was announced before panel commitments), and never
   * in place of a drawn one.
   */
  async function refusalToAppoint(l: Loaded) {
    const { row, eligible, bidderCreditCodes } = await panelInputs(l);
    if (row?.seed) throw conflict(PANEL_DRAWN);
    if (!row) return;
    const { listed } = panelList(eligible, {
      ownerDeptId: l.project.ownerDeptId,
      bidderCreditCodes,
      representatives: new Set(),
    });
    if (listed.length > 0)
      throw conflict(
        text(
          `draw the panel from the expert pool: ${listed.length} experts of this type and region are eligible`,
          `请从专家库抽取评审小组：有 ${listed.length} 名符合本项目类型和区域的专家`,
        ),
      );
  }

  const allSubmitted = (l: Loaded) => l.panel.length > 0 && l.panel.every((m) => m.submittedAt !== null);

  function refusalToAssign(actor: SignedInUser, l: Loaded, finalised: boolean) {
    if (!hasPermission(actor, Perm.selection.score.edit)) return forbidden();
    if (!finalised && notEvaluating(l)) return notEvaluating(l);
    if (!isOwnerStaff(actor, l.project))
      return forbidden(
        text('only staff of the project owner organisation assign its panel', '只有项目业主单位的人员可以指定评审小组'),
      );
    if (finalised) return conflict(FINALISED);
    if (l.panel.some((m) => m.submittedAt !== null))
      return conflict(
        text(
          'a panel member has submitted scores: the panel can no longer change',
          '已有评审成员提交评分，评审小组不能再更改',
        ),
      );
    return undefined;
  }

  function refusalToScore(actor: SignedInUser, l: Loaded, finalised: boolean) {
    if (!hasPermission(actor, Perm.selection.score.edit)) return forbidden();
    if (!finalised && notEvaluating(l)) return notEvaluating(l);
    if (!l.member) return forbidden(text('only members of the panel score this project', '只有评审小组成员可以评分'));
    if (finalised) return conflict(FINALISED);
    if (l.panel.find((m) => m.userId === actor.id)!.submittedAt)
      return conflict(text('you have submitted your scores: they can no longer change', '您已提交评分，不能再修改'));
    return undefined;
  }

  function refusalToFinalise(actor: SignedInUser, l: Loaded, finalised: boolean) {
    if (!hasPermission(actor, Perm.selection.score.edit)) return forbidden();
    if (!finalised && notEvaluating(l)) return notEvaluating(l);
    if (!isOwnerStaff(actor, l.project))
      return forbidden(
        text('only staff of the project owner organisation finalise its ranking', '只有项目业主单位的人员可以确定排名'),
      );
    if (finalised) return conflict(FINALISED);
    if (!allSubmitted(l))
      return conflict(
        text('every panel member must submit scores before the ranking', '须所有评审成员提交评分后方可确定排名'),
      );
    return undefined;
  }

  /** A member's scores: every valid bid on every criterion, each between 0 and its maximum. */
  function checkScores(l: Loaded, scores: Scores): void {
    const seen = new Set<string>();
    for (const s of scores) {
      const c = l.criteria[s.criterion];
      if (!l.bids.some((b) => b.bidId === s.bidId) || !c)
        throw badRequest(
          text('scores: a bid or criterion this project does not have', '评分：包含本项目没有的投标或评分项'),
        );
      if (s.score > c.max)
        throw badRequest(
          text(`scores: ${c.name} is scored from 0 to ${c.max}`, `评分：${c.nameZh} 的分值为 0 至 ${c.max}`),
        );
      if (Math.round(s.score * 100) !== s.score * 100)
        throw badRequest(text('scores: at most two decimals', '评分：最多两位小数'));
      seen.add(`${s.bidId}:${s.criterion}`);
    }
    if (seen.size !== scores.length || seen.size !== l.bids.length * l.criteria.length)
      throw badRequest(
        text('scores: score every bid on every criterion, once each', '评分：须对每个投标的每个评分项各评一次'),
      );
  }

  /**
   * The panel draw's inputs now: the committed row, the experts eligible today, the bidders' credit
   * codes (whose employees are left out) and the owner's staff who may sit as its representatives.
   */
  async function panelInputs(l: Loaded) {
    const row = await repo.panelDraw(db, l.project.id);
    const today = platformTime(await bidsRepository.clock(db)).slice(0, 10);
    const eligible = await eligibleExperts(db, { typeId: l.project.typeId, placeId: l.project.placeId, onDate: today });
    const bidderCreditCodes = new Set<string>();
    for (const companyId of new Set(l.record.bids.map((b) => b.companyId))) {
      const company = await companiesRepository.findById(db, companyId);
      if (company) bidderCreditCodes.add(company.creditCode);
    }
    const { rows } = await accountsRepository.employeePage(
      db,
      { status: '0', roleIds: rolesGranting(Perm.selection.score.edit) },
      { offset: 0, limit: 500 },
    );
    const representatives: Candidate[] = [];
    for (const r of rows) {
      const p = await accountsRepository.profile(db, r.userId);
      if (p && isOwnerStaff(p, l.project))
        representatives.push({ userId: r.userId, name: r.name, loginUid: r.loginUid, deptName: r.deptName });
    }
    return { row, eligible, bidderCreditCodes, representatives };
  }

  /**
   * Texts each member of a drawn panel, after the draw committed: the experts that they were
   * drawn, the representatives that they sit on it; Chinese first, then English. A failed send is
   * logged, the panel stands.
   */
  async function textPanel(l: Loaded, experts: number[], representatives: number[]) {
    const named = text(`${l.project.name} (${l.project.code})`, `“${l.project.name}”（${l.project.code}）`);
    const drawnText = text(
      `You were drawn onto the evaluation panel of ${named.en}: sign in and score it on Best-value scoring.`,
      `您已被抽取为项目${named.zh}的评审专家，请登录平台在“综合评分”中评分。`,
    );
    const repText = text(
      `You sit on the evaluation panel of ${named.en} as the owner's representative: sign in and score it on Best-value scoring.`,
      `您作为业主代表参加项目${named.zh}的评审，请登录平台在“综合评分”中评分。`,
    );
    for (const [userId, message] of [
      ...experts.map((u) => [u, drawnText] as const),
      ...representatives.map((u) => [u, repText] as const),
    ]) {
      try {
        const tel = (await accountsRepository.profile(db, userId))?.tel;
        if (tel) await sms.send(tel, `${message.zh} ${message.en}`);
      } catch (err) {
        onSmsFailure(err);
      }
    }
  }

  /** Tells each bidder its total and place, in the ranking's transaction (texted after it commits). */
  function notify(tx: Tx, l: Loaded, ranked: ScoredBid[], actorId: number) {
    const byCompany = new Map(ranked.map((b) => [l.companyOf.get(b.bidId)!, b]));
    const named = text(`${l.project.name} (${l.project.code})`, `${l.project.name}（${l.project.code}）`);
    return tellBidders(
      tx,
      l.project.id,
      actorId,
      (companyId) => {
        const b = byCompany.get(companyId);
        if (!b) return undefined;
        const place = text(
          `Your bid scores ${b.total} (price ${b.priceScore}, technical ${b.technicalScore}) and ranks ${b.rank} of ${ranked.length}.`,
          `您的总分 ${b.total}（价格分 ${b.priceScore}，技术分 ${b.technicalScore}），排名第 ${b.rank}（共 ${ranked.length} 家）。`,
        );
        return {
          title: text(`Best-value ranking: ${l.project.name}`, `综合评分结果：${l.project.name}`),
          paragraphs: [place, named],
          sms: text(`Best-value ranking of ${named.en}: ${place.en}`, `${named.zh}综合评分结果：${place.zh}`),
        };
      },
      [...byCompany.keys()],
    );
  }

  /** The rows of `mandraw/score` for these projects, in this order. */
  async function rowsOf(actor: SignedInUser, ids: number[]): Promise<Row[]> {
    const [found, panels, opened, finalised] = await Promise.all([
      projectsRepository.withNames(db, ids),
      repo.panelSummaries(db, ids, actor.id),
      bidsRepository.openedAt(db, ids),
      repo.finalisedAt(db, ids),
    ]);
    const panelOf = new Map(panels.map((p) => [p.projectId, p]));
    return found.map((p) => {
      const panel = panelOf.get(p.id);
      return {
        projectId: p.id,
        code: p.code,
        name: p.name,
        ownerName: p.ownerName ?? '',
        status: p.status,
        openingAt: p.openingAt,
        openedAt: opened.get(p.id) ?? null,
        panelSize: panel?.size ?? 0,
        submitted: panel?.submitted ?? 0,
        member: panel?.member ?? false,
        mySubmitted: panel?.mySubmitted ?? false,
        finalisedAt: finalised.get(p.id) ?? null,
      };
    });
  }

  return {
    /**
     * `mandraw/score`: the best-value projects in evaluation (opened or waiting for their opening),
     * or finalised, that the actor's data scope covers or whose panel it sits on.
     */
    async list(actor: SignedInUser, q: z.output<typeof scoringQuery>, page: Page) {
      const panels = repo.memberOf(actor.id);
      if (q.tab === 'finalised') {
        const visible = sql`${projectIdsVisibleTo(actor)} union ${panels}`;
        const { ids, total } = await repo.finalisedPage(db, visible, page);
        return { rows: await rowsOf(actor, ids), total };
      }
      const { rows, total } = await projectsRepository.page(
        db,
        { model: Model.bestValue, status: 'evaluating', keyword: q.keyword },
        projectScopeOr(actor, panels),
        page,
      );
      return {
        rows: await rowsOf(
          actor,
          rows.map((r) => r.id),
        ),
        total,
      };
    },

    /** Who the owner may put on the panel: active employees allowed to score (the first 200 by name). */
    async candidates(actor: SignedInUser, id: number): Promise<Candidate[]> {
      const l = await load(actor, id);
      if (!isOwnerStaff(actor, l.project)) throw refusalToAssign(actor, l, false)!;
      const { rows } = await accountsRepository.employeePage(
        db,
        { status: '0', roleIds: rolesGranting(Perm.selection.score.edit) },
        { offset: 0, limit: 200 },
      );
      return rows
        .map((r) => ({ userId: r.userId, name: r.name, loginUid: r.loginUid, deptName: r.deptName }))
        .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
    },

    /** The panel draw of a project: its commitment, and once drawn the list, seed, entropy, order and seats. */
    async panelDraw(actor: SignedInUser, id: number): Promise<PanelDrawView> {
      const l = await load(actor, id);
      const { row, eligible, bidderCreditCodes, representatives } = await panelInputs(l);
      const owner = isOwnerStaff(actor, l.project);
      const drawn = !!row?.seed;
      const before =
        !drawn && owner
          ? panelList(eligible, { ownerDeptId: l.project.ownerDeptId, bidderCreditCodes, representatives: new Set() })
          : undefined;
      const names = new Map(l.panel.map((m) => [m.userId, m.name]));
      return {
        projectId: id,
        commitment: row?.commitment ?? null,
        drawn,
        eligible: before ? before.listed.length : null,
        excluded: before?.excluded ?? [],
        experts: row?.experts ?? null,
        candidates: drawn ? row.candidates! : [],
        listText: drawn ? row.listText : null,
        listHash: drawn ? row.listHash : null,
        seed: drawn ? row.seed : null,
        entropy: drawn ? row.entropy : null,
        order: drawn ? row.order : null,
        ownerReps: (row?.ownerReps ?? []).map((userId) => ({ userId, name: names.get(userId) ?? '' })),
        representatives: !drawn && owner ? representatives : [],
        drawnByName: drawn && row.drawnBy ? ((await accountsRepository.profile(db, row.drawnBy))?.name ?? null) : null,
        drawnAt: row?.drawnAt ?? null,
      };
    },

    /**
     * The owner draws the panel from the expert pool by DESIGN's draw: the seed committed in the
     * announcement is revealed, the list frozen now (exclusions applied), the first `experts` of the
     * order seated with the owner's representatives; once per project, under the scoring lock.
     */
    async drawPanel(actor: SignedInUser, id: number, body: PanelDrawBody): Promise<void> {
      const l = await load(actor, id);
      const refusal = refusalToAssign(actor, l, !!(await repo.result(db, id)));
      if (refusal) throw refusal;
      const { row, eligible, bidderCreditCodes, representatives } = await panelInputs(l);
      if (!row)
        throw conflict(
          text(
            'this project was announced without a panel seed commitment: assign its panel',
            '该项目公告时未承诺评审抽取种子，请直接指定评审小组',
          ),
        );
      if (row.seed) throw conflict(PANEL_DRAWN);
      const allowed = new Set(representatives.map((r) => r.userId));
      for (const userId of body.ownerReps)
        if (!allowed.has(userId))
          throw badRequest(
            text(
              `owner representatives: account ${userId} is not staff of the owner organisation who may score`,
              `业主代表：账号 ${userId} 不是业主单位可以评分的人员`,
            ),
          );
      const { listed } = panelList(eligible, {
        ownerDeptId: l.project.ownerDeptId,
        bidderCreditCodes,
        representatives: new Set(body.ownerReps),
      });
      if (listed.length < body.experts)
        throw conflict(
          text(
            `experts: the expert pool has ${listed.length} eligible experts of this type and region, fewer than ${body.experts}`,
            `评审专家：专家库中符合本项目类型和区域的专家只有 ${listed.length} 名，少于 ${body.experts} 名`,
          ),
        );
      const seed = openPanelSeed(row, bidKey);
      let drawnMembers: number[] = [];
      try {
        const drawn = await drawPanelOrder(listed, seed, body.entropy, body.experts);
        drawnMembers = drawn.seated.map((c) => c.userId);
        const members = [...drawnMembers, ...body.ownerReps];
        await db.transaction(async (tx) => {
          await lockScoring(tx, id);
          const now = await repo.panel(tx, id);
          if (now.some((m) => m.submittedAt !== null)) throw refusalToAssign(actor, { ...l, panel: now }, false)!;
          const written = await repo.writePanelDraw(tx, id, {
            experts: body.experts,
            candidates: listed,
            listText: drawn.listText,
            listHash: drawn.listHash,
            entropy: body.entropy,
            seed: seed.toString('hex'),
            order: drawn.order,
            ownerReps: body.ownerReps,
            drawnBy: actor.id,
          });
          if (!written) throw conflict(PANEL_DRAWN);
          await repo.replacePanel(tx, id, members);
          await appendAudit(tx, {
            action: 'project.panel_draw',
            subjectType: 'project',
            subjectId: id,
            actorId: actor.id,
            actorName: actor.loginUid,
            data: {
              commitment: row.commitment,
              listHash: drawn.listHash,
              entropy: body.entropy,
              seed: seed.toString('hex'),
              order: drawn.order,
              experts: drawn.seated.map((c) => c.expertId),
              ownerReps: body.ownerReps,
            },
          });
        });
      } finally {
        seed.fill(0);
      }
      await textPanel(l, drawnMembers, body.ownerReps);
    },

    async detail(actor: SignedInUser, id: number): Promise<Detail> {
      const l = await load(actor, id);
      const [scores, result, proposals] = await Promise.all([
        repo.scoresOf(db, id),
        repo.result(db, id),
        Promise.all(
          l.bids.map(async (b) =>
            (await filesRepository.listFor(db, BID_RECORD, b.bidId)).map((f) => ({ bidId: b.bidId, ...f })),
          ),
        ),
      ]);
      const all = allSubmitted(l);
      const seesAll = all && (l.member || isOwnerStaff(actor, l.project));
      const price = priceScores(l.bids, l.weight);
      const ranked = seesAll
        ? rankByTotal(l.bids, l.criteria, l.weight, scores, l.panel.length, l.record.tieSeed)
        : null;
      const bids =
        ranked ??
        l.bids.map((b) => ({
          ...b,
          priceScore: price.get(b.bidId)!,
          criteria: null,
          technicalScore: null,
          total: null,
          rank: null,
          tied: false,
        }));
      const scoresOf = (m: { userId: number; name: string }) => ({
        userId: m.userId,
        name: m.name,
        scores: scores
          .filter((s) => s.userId === m.userId)
          .map(({ bidId, criterion, score }) => ({ bidId, criterion, score })),
      });
      const me = l.panel.find((m) => m.userId === actor.id);
      return {
        projectId: id,
        code: l.project.code,
        name: l.project.name,
        status: l.project.status,
        priceWeight: l.weight,
        criteria: l.criteria,
        panel: l.panel,
        bids,
        myScores: me?.submittedAt ? scoresOf(me) : null,
        allScores: seesAll ? l.panel.map(scoresOf) : null,
        proposals: proposals.flat(),
        tieSeed: l.record.tieSeed,
        finalisedAt: result?.finalisedAt ?? null,
        canAssign: !refusalToAssign(actor, l, !!result),
        canScore: !refusalToScore(actor, l, !!result),
        canFinalise: !refusalToFinalise(actor, l, !!result),
      };
    },

    /** A valid bid's proposal file, to download, once the bids are opened. */
    async proposal(actor: SignedInUser, id: number, bidId: number, fileName: string) {
      const l = await load(actor, id);
      const missing = notFound(text('file does not exist', '文件不存在'));
      if (!l.bids.some((b) => b.bidId === bidId)) throw missing;
      const file = await filesRepository.findAttached(db, BID_RECORD, bidId, fileName);
      if (!file) throw missing;
      return fileDownload(db, file);
    },

    /** The owner assigns (or replaces, before any submission) the panel: active employees who may score. */
    async assign(actor: SignedInUser, id: number, userIds: number[]) {
      const l = await load(actor, id);
      const refusal = refusalToAssign(actor, l, !!(await repo.result(db, id)));
      if (refusal) throw refusal;
      await refusalToAppoint(l);
      const members = [...new Set(userIds)];
      for (const userId of members) {
        const p = await accountsRepository.profile(db, userId);
        if (!p || p.types !== AccountType.employee || !p.active || !hasPermission(p, Perm.selection.score.edit))
          throw badRequest(
            text(
              `panel: account ${userId} is not an active employee who may score`,
              `评审小组：账号 ${userId} 不是可以评分的在职员工`,
            ),
          );
      }
      await db.transaction(async (tx) => {
        await lockScoring(tx, id);
        const now = await repo.panel(tx, id);
        if (now.some((m) => m.submittedAt !== null)) throw refusalToAssign(actor, { ...l, panel: now }, false)!;
        await repo.replacePanel(tx, id, members);
        await appendAudit(tx, {
          action: 'project.scoring_panel',
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { members },
        });
      });
    },

    /** A member submits its scores of every bid, once and for good. */
    async submit(actor: SignedInUser, id: number, scores: Scores) {
      const l = await load(actor, id);
      const refusal = refusalToScore(actor, l, !!(await repo.result(db, id)));
      if (refusal) throw refusal;
      checkScores(l, scores);
      await db.transaction(async (tx) => {
        await lockScoring(tx, id);
        if (!(await repo.markSubmitted(tx, id, actor.id)))
          throw conflict(text('you have submitted your scores: they can no longer change', '您已提交评分，不能再修改'));
        await repo.insertScores(
          tx,
          id,
          scores.map((s) => ({ userId: actor.id, ...s })),
        );
        await appendAudit(tx, {
          action: 'project.score',
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { scores: scores.length },
        });
      });
    },

    /** The owner writes the ranking once every member submitted: result pending, winner and losers settled. */
    async finalise(actor: SignedInUser, id: number): Promise<ScoredBid[]> {
      const l = await load(actor, id);
      const refusal = refusalToFinalise(actor, l, !!(await repo.result(db, id)));
      if (refusal) throw refusal;
      const { ranked, told } = await db.transaction(async (tx) => {
        await lockScoring(tx, id);
        const scores = await repo.scoresOf(tx, id);
        const ranked = rankByTotal(l.bids, l.criteria, l.weight, scores, l.panel.length, l.record.tieSeed);
        const written = await repo.insertResult(tx, {
          projectId: id,
          finalisedBy: actor.id,
          record: { priceWeight: l.weight, criteria: l.criteria, tieSeed: l.record.tieSeed, bids: ranked },
        });
        if (!written) throw conflict(FINALISED);
        await projects.machine.fire(tx, l.project.id, { event: 'rank', actor: 'system' });
        await settleApplications(tx, id, [ranked[0]!.applicationId]);
        await appendAudit(tx, {
          action: 'project.scoring_final',
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { winner: ranked[0]!.bidId, bids: ranked.length },
        });
        return { ranked, told: await notify(tx, l, ranked, actor.id) };
      });
      await sendTold(db, sms, told, onSmsFailure);
      return ranked;
    },
  };
}
export type ScoringService = ReturnType<typeof createScoringService>;
