import { statusLabel } from '../../lib/workflow.ts';
import { Model, SEALED_MODELS } from '@lvb/contracts/projects';
import { AccountType } from '@lvb/contracts/access';
import type { bidReceipt, biddingProjectRow } from '@lvb/contracts/bids';
import { MAX_PAGE_SIZE } from '@lvb/contracts/limits';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound, refused } from '../../lib/errors.ts';
import { simplePdf } from '../../lib/simple-pdf.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import { filesRepository } from '../files/files.repository.ts';
import { checkOwnUploads } from '../files/files.service.ts';
import { projectsRepository, type ProjectRow } from '../projects/projects.repository.ts';
import { platformTime, platformZone, yuan } from '../../i18n/format.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { openPrice, receiptHashOf, sealPrice } from './bid-crypto.ts';
import { bidsRepository as repo, type ReceiptRow } from './bids.repository.ts';
import { dataKeyFor, openingRecordOf } from './bids.rules.ts';

type Receipt = z.output<typeof bidReceipt>;
type BiddingProject = z.output<typeof biddingProjectRow>;

/** The application statuses whose projects the supplier's bidding page lists. */
const BIDDING_STATUSES = ['qualified', 'won', 'lost', 'confirmed', 'declined'] as const;
const NO_PROJECT = text('project does not exist', '项目不存在');

/** The record type of a best-value bid's technical proposal files (files module). */
export const BID_RECORD = 'bid';

/** The selection models that take sealed bids: 2 price competition, 3 best value. */
export type BiddingModel = (typeof SEALED_MODELS)[number];
const NOT_THIS_MODEL = {
  2: text(
    'this project takes no sealed price: its selection model is not price competition',
    '该项目不是竞价项目，不接受密封报价',
  ),
  3: text(
    'this project takes no best-value bid: its selection model is not best-value evaluation',
    '该项目不是综合评审项目，不接受综合评审投标',
  ),
};

/** What a bidder submits: the price, and for a best-value bid its proposal files. */
export interface BidInput {
  priceFen: number;
  proposals?: string[];
}

/**
 * Sealed bids of models 2 and 3 (DESIGN §7), the supplier's side. Invariant: a price is sealed in
 * memory before anything is written, and nothing this service answers, logs or raises before the
 * opening carries it; the receipt proves a submission without saying the price. A best-value
 * bid's proposal files are attached to the bid (`BID_RECORD`), which only the bidder company
 * reads before the opening (files.policy.ts).
 */
export function createBidsService({ db, bidKey }: { db: Db; bidKey: Buffer }) {
  function companyOf(actor: SignedInUser) {
    if (actor.types !== AccountType.supplier || !actor.company)
      throw forbidden(text('only a supplier company submits bids', '只有供应商企业可以报价'));
    return actor.company;
  }

  /** A project of `model` the public may see; others do not exist for a bidder. */
  async function biddable(id: number, model: BiddingModel): Promise<ProjectRow> {
    const project = await projectsRepository.find(db, id);
    if (!project || ['draft', 'pending_audit', 'rejected'].includes(project.status)) throw notFound(NO_PROJECT);
    if (project.model !== model) throw conflict(NOT_THIS_MODEL[model]);
    return project;
  }

  /**
   * The proposal files a bid may carry: the bidder's own unattached uploads, and the files of the
   * live bid it replaces (they move to the new bid).
   */
  async function checkProposals(tx: Tx, actor: SignedInUser, names: string[], liveBidId: number | undefined) {
    await checkOwnUploads(tx, {
      names,
      userId: actor.id,
      field: 'proposals',
      what: text('proposal file', '技术文件'),
      alsoAllowed:
        liveBidId === undefined
          ? []
          : (await filesRepository.listFor(tx, BID_RECORD, liveBidId)).map((f) => f.fileName),
    });
  }

  const receiptOf = (project: ProjectRow, r: ReceiptRow): Receipt => ({
    bidId: r.bidId,
    projectId: project.id,
    projectCode: project.code,
    projectName: project.name,
    companyName: r.companyName,
    submittedAt: r.submittedAt,
    receiptHash: r.receiptHash,
  });

  return {
    /**
     * Seals and stores a price, superseding the company's live bid, and answers the receipt. A
     * retry with the same Idempotency-Key answers the first receipt and stores nothing; the key
     * lives in the bids table rather than the idempotency plugin, whose stored hash of the body
     * would let anyone who tries the plausible prices learn this one.
     */
    async submit(
      actor: SignedInUser,
      projectId: number,
      model: BiddingModel,
      { priceFen, proposals = [] }: BidInput,
      idempotencyKey?: string,
    ): Promise<Receipt & { replayed: boolean }> {
      const company = companyOf(actor);
      const project = await biddable(projectId, model);
      const application = await applicationsRepository.qualifiedOf(db, projectId, company.id);
      if (!application)
        throw forbidden(
          text(
            'your company has no qualified application to this project: bids come after the qualification check',
            '贵公司在该项目没有通过资格审查的报名，通过审查后方可报价',
          ),
        );
      if (priceFen > project.budget)
        throw badRequest(
          text(
            `priceFen: may not exceed the budget of ${yuan(project.budget)}`,
            `报价不能超过项目预算 ${yuan(project.budget)}`,
          ),
        );
      return db.transaction(async (tx) => {
        await repo.lockApplication(tx, application.id);
        if (idempotencyKey) {
          const first = await repo.byIdempotencyKey(tx, application.id, idempotencyKey);
          if (first) {
            const { priceFen: firstPrice } = openPrice(await dataKeyFor(tx, bidKey, projectId), {
              projectId,
              applicationId: application.id,
              cipher: first.priceCipher,
            });
            const sameFiles = [...new Set(proposals)].sort().join('\n') === [...first.proposalFiles].sort().join('\n');
            if (firstPrice !== priceFen || !sameFiles)
              throw refused(
                text(
                  'this Idempotency-Key was already used for a different bid',
                  '该 Idempotency-Key 已用于另一份不同的报价',
                ),
              );
            return { ...receiptOf(project, (await repo.receipt(tx, first.id))!), replayed: true };
          }
        }
        // Judged after the lock, by the database clock as it is now.
        const now = await repo.clock(tx);
        const current = (await projectsRepository.find(tx, projectId))!;
        if (now.getTime() >= current.bidDeadline.getTime())
          throw conflict(
            text(
              `the bid deadline has passed (${platformTime(current.bidDeadline)}): bids are no longer accepted`,
              `投标截止时间（${platformTime(current.bidDeadline)}）已过，不再接受报价`,
            ),
          );
        if (current.status !== 'published')
          throw conflict(
            text(
              `a project that is ${statusLabel('project_status', current.status).en} takes no bids`,
              `状态为“${statusLabel('project_status', current.status).zh}”的项目不接受报价`,
            ),
          );
        const sealed = sealPrice(await dataKeyFor(tx, bidKey, projectId), {
          projectId,
          applicationId: application.id,
          priceFen,
        });
        const receiptHash = receiptHashOf({
          projectId,
          applicationId: application.id,
          priceFen,
          submittedAt: now,
          nonce: sealed.nonce,
        });
        const proposalNames = [...new Set(proposals)];
        if (model === Model.bestValue)
          await checkProposals(tx, actor, proposalNames, await repo.liveOf(tx, application.id));
        const replaced = await repo.supersede(tx, application.id, now);
        const bid = await repo.insert(tx, {
          applicationId: application.id,
          projectId,
          companyId: company.id,
          priceCipher: sealed.cipher,
          receiptHash,
          submittedAt: now,
          idempotencyKey: idempotencyKey ?? null,
          proposalFiles: proposalNames,
        });
        await filesRepository.attach(tx, BID_RECORD, bid.id, proposalNames);
        // The bid's own record, not the project's timeline: who bids stays sealed until the opening.
        await appendAudit(tx, {
          action: 'bid.submit',
          subjectType: 'bid',
          subjectId: bid.id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: {
            projectId,
            applicationId: application.id,
            receiptHash,
            replaces: replaced ?? null,
            proposals: proposalNames.length,
          },
        });
        return {
          ...receiptOf(project, { ...bid, bidId: bid.id, companyName: company.name }),
          replayed: false,
        };
      });
    },

    /** The company's qualified projects of `model` with the receipt of its live bid and the deadline. */
    async projects(actor: SignedInUser, model: BiddingModel): Promise<BiddingProject[]> {
      const company = companyOf(actor);
      // Qualified, and after the opening won or lost: the page keeps showing the receipt and record.
      const pages = await Promise.all(
        BIDDING_STATUSES.map((status) =>
          applicationsRepository.page(db, { companyId: company.id, status }, { limit: MAX_PAGE_SIZE, offset: 0 }),
        ),
      );
      const applications = pages
        .flatMap((p) => p.rows)
        .filter((a) => a.model === model)
        .sort((a, b) => b.bidDeadline.getTime() - a.bidDeadline.getTime());
      const projectIds = applications.map((a) => a.projectId);
      const [receipts, opened, now, rows] = await Promise.all([
        repo.liveReceipts(
          db,
          applications.map((a) => a.id),
        ),
        repo.openedAt(db, projectIds),
        repo.clock(db),
        projectsRepository.withNames(db, projectIds),
      ]);
      const byApplication = new Map(receipts.map((r) => [r.applicationId, r]));
      const proposals = new Map(
        model === Model.bestValue
          ? await Promise.all(
              receipts.map(async (r) => [r.bidId, await filesRepository.listFor(db, BID_RECORD, r.bidId)] as const),
            )
          : [],
      );
      const projectOf = new Map(rows.map((p) => [p.id, p]));
      return applications.flatMap((a) => {
        const p = projectOf.get(a.projectId);
        if (!p) return [];
        const receipt = byApplication.get(a.id);
        return [
          {
            projectId: p.id,
            code: p.code,
            name: p.name,
            status: p.status,
            budget: p.budget,
            bidDeadline: p.bidDeadline,
            openingAt: p.openingAt,
            applicationId: a.id,
            open: p.status === 'published' && now.getTime() < p.bidDeadline.getTime(),
            receipt: receipt ? receiptOf(p, receipt) : null,
            openedAt: opened.get(p.id) ?? null,
            proposals: (receipt && proposals.get(receipt.bidId)) ?? [],
          },
        ];
      });
    },

    /** A receipt of one of the company's bids, as text or a one-page PDF. */
    async receiptFile(actor: SignedInUser, bidId: number, format: 'txt' | 'pdf') {
      const company = companyOf(actor);
      const row = await repo.receipt(db, bidId);
      if (!row || row.companyId !== company.id) throw notFound(text('bid does not exist', '报价不存在'));
      const project = (await projectsRepository.find(db, row.projectId))!;
      const r = receiptOf(project, row);
      const lines = [
        'Sealed bid receipt / 密封报价回执',
        `Bid / 报价编号: ${r.bidId}`,
        `Project / 项目: ${r.projectCode} ${r.projectName}`,
        `Company / 企业: ${r.companyName}`,
        `Submitted at / 提交时间: ${platformTime(r.submittedAt, true)} (${platformZone(r.submittedAt)})`,
        `In the receipt (UTC) / 回执计算用时间: ${r.submittedAt.toISOString()}`,
        'Receipt, SHA-256 of the canonical bid / 回执哈希:',
        r.receiptHash,
        'The opening record publishes every bid with its receipt and the fields to recompute it.',
        '开标记录公布每份报价的回执哈希及其计算所用的全部字段。',
      ];
      const name = `bid-receipt-${r.projectCode}-${r.bidId}`;
      if (format === 'pdf') return { fileName: `${name}.pdf`, type: 'application/pdf', bytes: simplePdf(lines) };
      return {
        fileName: `${name}.txt`,
        type: 'text/plain; charset=utf-8',
        bytes: Buffer.from(`${lines.join('\n')}\n`),
      };
    },

    /** The opening record of a project once its bids are opened (it is public from then on). */
    async openingRecord(projectId: number, model: BiddingModel) {
      await biddable(projectId, model);
      const opening = await repo.opening(db, projectId);
      if (!opening) throw notFound(text('the bids of this project are not opened yet', '该项目尚未开标'));
      return openingRecordOf(opening);
    },
  };
}
export type BidsService = ReturnType<typeof createBidsService>;
