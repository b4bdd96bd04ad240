import { isOwnerStaff } from '../projects/projects.policy.ts';
import { Model, SEALED_MODELS } from '@lvb/contracts/projects';
import { hasPermission } from '@lvb/contracts/access';
import type { openingDetail, openingQuery, openingRow } from '@lvb/contracts/bids';
import { Perm } from '@lvb/contracts/permissions';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { text, type Language, type Text } from '../../i18n/text.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { conflict, forbidden, notFound, refused } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { escapeHtml } from '../../lib/sanitize.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { settleApplications } from '../applications/applications.service.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import { postNotice } from '../notices/notices.service.ts';
import { sendTold, tellBidders } from '../applications/tell-bidders.ts';
import { platformTime, platformZone, yuan } from '../../i18n/format.ts';
import {
  projectIdsVisibleTo,
  projectScope,
  projectsRepository,
  type ProjectRow,
} from '../projects/projects.repository.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { newTieSeed, unwrapDataKey } from './bid-crypto.ts';
import { openTieSeed } from './tie-seed.ts';
import { witnessesOf } from './witness-presence.ts';
import { bidsRepository as repo } from './bids.repository.ts';
import { RECEIPT_RULE, TIE_RULE, openingRecordOf, rankBids, type OpeningRecord } from './bids.rules.ts';

type OpeningListRow = z.output<typeof openingRow>;
type OpeningDetail = z.output<typeof openingDetail>;

/** A confirmed supervisor who is present at this moment: seen within the last minute. */
const presentWitness = async (conn: Db | Tx, projectId: number) =>
  (await witnessesOf(conn, projectId)).find((w) => w.present);

const ALREADY_OPENED = text('the bids of this project were already opened', '该项目已开标，不能重复开标');

/**
 * The opening of sealed bids (DESIGN §7, models 2 and 3). Invariants, each enforced where named:
 * - nothing opens before the opening time by the database clock, and only while the project is
 *   `evaluating` (the scheduler's start_evaluation moved it there): `open`;
 * - the owner opens only with a supervisor's presence confirmed within the last two hours, the
 *   supervisor signed in on their own session: `witness`, then `open`;
 * - bidders learn the outcome in their notices (same transaction) and by SMS (after it commits);
 * - the record is written once: the `openings` primary key, so a second or a simultaneous open
 *   writes nothing and answers 409; every bid is decrypted, ranked and the project moved in that
 *   one transaction, so a refused or failed open leaves everything sealed as it was;
 * - a best-value project (model 3) is not ranked at its opening: it stays `evaluating` for its
 *   panel's scoring, which writes the ranking; too few valid bids still fail it here.
 */
export function createOpeningsService({
  db,
  bidKey,
  projects,
  sms,
  onSmsFailure,
}: {
  db: Db;
  bidKey: Buffer;
  projects: ProjectsService;
  sms: SmsProvider;
  /** A text message that could not be sent does not undo the opening; it is reported here. */
  onSmsFailure: (err: unknown) => void;
}) {
  async function visible(actor: SignedInUser, id: number): Promise<ProjectRow> {
    const project = await projectsRepository.find(db, id, projectScope(actor));
    if (!project || !(SEALED_MODELS as readonly number[]).includes(project.model))
      throw notFound(text('project does not exist', '项目不存在'));
    return project;
  }

  async function rowsOf(ids: number[]): Promise<OpeningListRow[]> {
    const [found, witnesses, opened] = await Promise.all([
      projectsRepository.withNames(db, ids),
      repo.witnessesOf(db, ids),
      repo.openedAt(db, ids),
    ]);
    return found.map((p) => ({
      projectId: p.id,
      code: p.code,
      name: p.name,
      ownerName: p.ownerName ?? '',
      status: p.status,
      bidDeadline: p.bidDeadline,
      openingAt: p.openingAt,
      minParticipants: p.minParticipants,
      witnesses: witnesses.filter((w) => w.projectId === p.id).map((w) => ({ name: w.name, signedAt: w.signedAt })),
      openedAt: opened.get(p.id) ?? null,
    }));
  }

  /** Why `actor` may not open `project` now, or nothing when it may. */
  /** Why `actor` may not open `project` now, read on `conn` (the opening's transaction, under the project's lock). */
  async function refusalToOpen(actor: SignedInUser, project: ProjectRow, conn: Db | Tx = db) {
    if (!hasPermission(actor, Perm.selection.opening.open)) return forbidden();
    if (await repo.opening(conn, project.id)) return conflict(ALREADY_OPENED);
    if (!isOwnerStaff(actor, project))
      return forbidden(
        text('only staff of the project owner organisation open its bids', '只有项目业主单位的人员可以开标'),
      );
    const now = await repo.clock(conn);
    if (now.getTime() < project.openingAt.getTime())
      return conflict(
        text(
          `the opening time has not come: the bids open at ${platformTime(project.openingAt)}`,
          `开标时间未到，开标时间为 ${platformTime(project.openingAt)}`,
        ),
      );
    if (project.status !== 'evaluating') {
      const status = statusLabel('project_status', project.status);
      return conflict(text(`a project that is ${status.en} cannot be opened`, `状态为“${status.zh}”的项目不能开标`));
    }
    if (!(await presentWitness(conn, project.id)))
      return refused(
        text(
          'a supervisor must confirm presence and be present at the opening (seen on its page within the last minute)',
          '须有已确认到场的监督人员此刻在场（一分钟内在开标页面）方可开标',
        ),
        409,
      );
    return undefined;
  }

  function refusalToWitness(actor: SignedInUser, project: ProjectRow, opened: boolean) {
    if (!hasPermission(actor, Perm.selection.draw.witness)) return forbidden();
    if (opened) return conflict(ALREADY_OPENED);
    if (!['signup_closed', 'evaluating'].includes(project.status))
      return conflict(
        text(
          `presence is confirmed once bidding has closed, before the opening: the project is ${statusLabel('project_status', project.status).en}`,
          `投标截止后、开标前方可确认到场，该项目当前为“${statusLabel('project_status', project.status).zh}”`,
        ),
      );
    return undefined;
  }

  /** The record as a notice in one language: every bid, its price and receipt, the seed, the outcome. */
  function recordHtml(r: OpeningRecord, reason: Text | null, lang: Language) {
    const zh = lang === 'zh';
    const head = zh
      ? ['名次', '投标单位', '报价', '提交时间', '回执（SHA-256）', '随机数']
      : ['Rank', 'Company', 'Price', 'Submitted at', 'Receipt (SHA-256)', 'Nonce'];
    const rows = r.bids.map((b) =>
      [
        b.rank === null ? (b.valid ? '—' : zh ? '无效' : 'not valid') : String(b.rank),
        b.companyName,
        yuan(b.priceFen),
        platformTime(new Date(b.submittedAt), true),
        b.receiptHash,
        b.nonce,
      ]
        .map((c) => `<td>${escapeHtml(c)}</td>`)
        .join(''),
    );
    const outcome =
      r.outcome === 'failed'
        ? zh
          ? `项目流标：${escapeHtml(reason?.zh ?? '')}`
          : `The project failed: ${escapeHtml(reason?.en ?? '')}`
        : r.outcome === 'scoring'
          ? zh
            ? '接下来由业主评审小组对有效投标的报价和技术方案打分，总分最高者中选。'
            : "The owner's panel scores the valid bids next, price and technical proposal; the highest total wins."
          : zh
            ? '有效报价最低者排名第一。'
            : 'The lowest valid price ranks first.';
    const opened = platformTime(new Date(r.openedAt), true);
    const intro = zh
      ? `${escapeHtml(r.projectName)}（${escapeHtml(r.projectCode)}）于 ${opened} 由 ${escapeHtml(r.openedBy)} 开标，监督人员 ${escapeHtml(r.witness)} 到场。`
      : `${escapeHtml(r.projectName)} (${escapeHtml(r.projectCode)}), opened ${opened} by ${escapeHtml(r.openedBy)}, witnessed by ${escapeHtml(r.witness)}.`;
    const times = zh ? `时间均为平台时区（${platformZone()}）。` : `Times are the platform's (${platformZone()}).`;
    return `<p>${intro}</p><p>${outcome}</p><table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.map((c) => `<tr>${c}</tr>`).join('')}</tbody></table><p>${times} ${zh ? '同价排序种子' : 'Tie seed'}: ${escapeHtml(r.tieSeed)}. ${escapeHtml(TIE_RULE)}</p><p>${escapeHtml(RECEIPT_RULE)}</p>`;
  }

  /** Publishes the record and tells each bidder its own place, in the opening's transaction. */
  async function publish(tx: Tx, project: ProjectRow, r: OpeningRecord, actorId: number, reason: Text | null) {
    await postNotice(tx, {
      title: text(`Bid opening record: ${project.name}`, `开标记录：${project.name}`),
      noticeType: 'notification',
      audience: 'all',
      html: text(recordHtml(r, reason, 'en'), recordHtml(r, reason, 'zh')),
      projectId: project.id,
      createdBy: actorId,
    });
    const total = r.bids.filter((b) => b.valid).length;
    const byCompany = new Map(r.bids.map((b) => [b.companyId, b]));
    const named = text(`${project.name} (${project.code})`, `${project.name}（${project.code}）`);
    return tellBidders(
      tx,
      project.id,
      actorId,
      (companyId) => {
        const b = byCompany.get(companyId);
        if (!b) return undefined;
        const place = !b.valid
          ? text(
              'Your bid did not count: its application was no longer qualified or it came after the deadline.',
              '您的报价未计入：报名已不在审查通过状态，或报价晚于截止时间。',
            )
          : b.rank === null
            ? text(
                `Your bid of ${yuan(b.priceFen)} counts; the panel scores the ${total} valid bids next.`,
                `您的报价 ${yuan(b.priceFen)} 有效，接下来由评审小组对 ${total} 家有效投标打分。`,
              )
            : text(
                `Your bid of ${yuan(b.priceFen)} ranks ${b.rank} of ${total}.`,
                `您的报价 ${yuan(b.priceFen)} 排名第 ${b.rank}（共 ${total} 家）。`,
              );
        return {
          title: text(`Bids opened: ${project.name}`, `已开标：${project.name}`),
          paragraphs: [
            place,
            named,
            ...(r.outcome === 'failed' && reason ? [reason] : []),
            text(`Receipt ${b.receiptHash}`, `回执 ${b.receiptHash}`),
          ],
          sms: text(`Bids of ${named.en} were opened: ${place.en}`, `${named.zh}已开标，${place.zh}`),
        };
      },
      [...byCompany.keys()],
    );
  }

  return {
    /** The model-2 projects of a tab that the actor may see. */
    async list(actor: SignedInUser, q: z.output<typeof openingQuery>, page: Page) {
      if (q.tab === 'opened') {
        // Every tab lists the model asked for (the opening page switches between them).
        const { ids, total } = await repo.openedPage(db, projectIdsVisibleTo(actor, q), page);
        return { rows: await rowsOf(ids), total };
      }
      const status = q.tab === 'closed' ? 'signup_closed' : 'evaluating';
      const { rows, total } = await projectsRepository.page(
        db,
        { model: q.model, status, keyword: q.keyword },
        projectScope(actor),
        page,
      );
      return { rows: await rowsOf(rows.map((r) => r.id)), total };
    },

    async detail(actor: SignedInUser, id: number): Promise<OpeningDetail> {
      const project = await visible(actor, id);
      const [row] = await rowsOf([id]);
      const opening = await repo.opening(db, id);
      const now = await repo.clock(db);
      const waitingFor = opening
        ? null
        : now.getTime() < project.openingAt.getTime()
          ? ('opening_time' as const)
          : (await presentWitness(db, id))
            ? null
            : ('witness' as const);
      return {
        ...row!,
        canWitness: !refusalToWitness(actor, project, !!opening),
        canOpen: !(await refusalToOpen(actor, project)),
        waitingFor,
        record: opening ? openingRecordOf(opening) : null,
      };
    },

    /** A supervisor, signed in, confirms presence at the project's opening (or renews it). */
    async witness(actor: SignedInUser, id: number): Promise<Date> {
      const project = await visible(actor, id);
      const refusal = refusalToWitness(actor, project, !!(await repo.opening(db, id)));
      if (refusal) throw refusal;
      return db.transaction(async (tx) => {
        const signedAt = await repo.witness(tx, id, actor.id);
        await appendAudit(tx, {
          action: 'project.witness',
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: {},
        });
        return signedAt;
      });
    },

    /**
     * Opens every bid of the project, writes the record, moves the project (result pending, or
     * failed with too few valid bids), settles the applications and publishes the record.
     */
    async open(actor: SignedInUser, id: number): Promise<OpeningRecord> {
      const project = await visible(actor, id);
      const refusal = await refusalToOpen(actor, project);
      if (refusal) throw refusal;
      const { record, told } = await db.transaction(async (tx) => {
        // The project is read again under its lock: a cancellation racing the opening either
        // commits first (and this refuses) or waits until the record and the ranking are written.
        const project = await projects.machine.lockFor(tx, id, 'rank');
        const lockedRefusal = await refusalToOpen(actor, project, tx);
        if (lockedRefusal) throw lockedRefusal;
        // The witness is the one present at this moment, recorded with the moment itself.
        const witness = (await presentWitness(tx, id))!;
        // One statement at a time: a transaction is one connection.
        const sealed = await repo.liveOfProject(tx, id);
        const qualified = await applicationsRepository.qualifiedOfProject(tx, id);
        const wrapped = await repo.wrappedKey(tx, id);
        const openedAt = await repo.clock(tx);
        // The seed the announcement committed to, revealed now; a project announced before
        // commitments draws a fresh one at its opening, as it always did.
        const committed = await openTieSeed(tx, id, bidKey);
        const seed = committed?.seed ?? newTieSeed();
        const byPrice = rankBids(
          wrapped ? unwrapDataKey(bidKey, id, wrapped) : undefined,
          project,
          sealed,
          new Set(qualified.map((a) => a.id)),
          seed,
        );
        // A best-value project is ranked by its panel's totals, not by price: no rank yet.
        const scoring = project.model === Model.bestValue;
        const bids = scoring ? byPrice.map((b) => ({ ...b, rank: null, tied: false })) : byPrice;
        const validCount = bids.filter((b) => b.valid).length;
        const failed = validCount < project.minParticipants;
        const reasonText = failed
          ? text(
              `${validCount} valid bid${validCount === 1 ? '' : 's'}, fewer than the minimum of ${project.minParticipants} participants`,
              `有效投标 ${validCount} 家，少于最少参与家数 ${project.minParticipants} 家`,
            )
          : null;
        const reason = reasonText?.en ?? null;
        const record: OpeningRecord = {
          projectId: id,
          projectCode: project.code,
          projectName: project.name,
          openedAt: openedAt.toISOString(),
          openedBy: actor.name,
          witness: witness.name,
          witnessedAt: openedAt.toISOString(),
          minParticipants: project.minParticipants,
          outcome: failed ? 'failed' : scoring ? 'scoring' : 'ranked',
          reason,
          tieSeed: seed,
          tieCommitment: committed?.commitment ?? null,
          tieRule: TIE_RULE,
          receiptRule: RECEIPT_RULE,
          bids,
        };
        const written = await repo.insertOpening(tx, {
          projectId: id,
          openedAt,
          openedBy: actor.id,
          witnessId: witness.userId,
          record,
          tieSeed: seed,
        });
        if (!written) throw conflict(ALREADY_OPENED);
        await appendAudit(tx, {
          action: 'project.open_bids',
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { bids: bids.length, valid: validCount, outcome: record.outcome, witness: witness.name },
        });
        if (failed) {
          await projects.machine.fire(tx, project.id, { event: 'fail', actor: 'system', reason: reasonText! });
        } else if (!scoring) {
          await projects.machine.fire(tx, project.id, { event: 'rank', actor: 'system' });
          const winner = bids.find((b) => b.rank === 1)!;
          await settleApplications(tx, id, [winner.applicationId]);
        }
        return { record, told: await publish(tx, project, record, actor.id, reasonText) };
      });
      await sendTold(db, sms, told, onSmsFailure);
      return record;
    },
  };
}
export type OpeningsService = ReturnType<typeof createOpeningsService>;
