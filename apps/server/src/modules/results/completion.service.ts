import { createHash } from 'node:crypto';
import { AccountType } from '@lvb/contracts/access';
import type {
  AcceptanceBody,
  ContractBody,
  completionDetail,
  completionQuery,
  completionRow,
  feeQuery,
  feeRecord,
  feeRow,
} from '@lvb/contracts/completion';
import { SETTLED_FEE_STATUSES, type FeeStatus } from '@lvb/contracts/fee-workflow';
import { Perm } from '@lvb/contracts/permissions';
import { serviceFee, type FeeTier } from '@lvb/contracts/service-fee';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { hasPermission } from '../../plugins/access.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import { fileDownload, checkOwnUploads, storeGeneratedFile } from '../files/files.service.ts';
import { filesRepository } from '../files/files.repository.ts';
import { isOwnerStaff } from '../projects/projects.policy.ts';
import {
  projectIdsVisibleTo,
  projectScope,
  projectsRepository,
  type ProjectRow,
} from '../projects/projects.repository.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { awardNoticeNumber, awardNoticePdf } from './award-notice.ts';
import { completionRepository as repo, type FeeRow } from './completion.repository.ts';
import { createFeeMachine } from './fee.machine.ts';
import { resultsRepository } from './results.repository.ts';

type Detail = z.output<typeof completionDetail>;
type Fee = z.output<typeof feeRecord>;

export const CONTRACT_RECORD = 'contract';
export const ACCEPTANCE_RECORD = 'acceptance';
export const VOUCHER_RECORD = 'fee-voucher';
export const AWARD_NOTICE_RECORD = 'award-notice';

const NO_PROJECT = text('project does not exist', '项目不存在');
const NO_FEE = text('service fee does not exist', '服务费记录不存在');
const NOT_OWNER = text(
  'only staff of the project owner organisation record its contract and acceptance',
  '只有项目业主单位的人员可以完善合同和验收',
);
const NOT_WINNER = text('only the awarded company pays its service fee', '只有中选单位可以缴纳服务费');

/** The parameters an award's fee and notice read, read before their transaction. */
export interface FeeTerms {
  tiers: FeeTier[];
  platformName: string;
  platformNameZh: string;
}

const feeOf = (f: FeeRow, companyName: string): Fee => ({
  id: f.id,
  projectId: f.projectId,
  applicationId: f.applicationId,
  companyName,
  awardFen: f.awardFen,
  feeFen: f.feeFen,
  bands: f.bands as Fee['bands'],
  status: f.status as FeeStatus,
  voucher: f.voucher,
  voucherAt: f.voucherAt,
  rejectReason: f.rejectReason,
  decidedAt: f.decidedAt,
  createdAt: f.createdAt,
});

/** Terms for events that issue nothing (a voucher, a rejection). */
const NO_TERMS: FeeTerms = { tiers: [], platformName: '', platformNameZh: '' };

const isSettled = (status: string | undefined) => (SETTLED_FEE_STATUSES as readonly string[]).includes(status ?? '');

/**
 * What follows the award (DESIGN §7 "Contract completion", "Service fee", "Acceptance"): the
 * service fee made when the winner confirms, its voucher and finance's decision, the award notice
 * issued once the fee is settled, the owner's contract and acceptance, and the completion of a
 * project accepted with its fee settled (whichever comes last completes it, under the project's
 * lock, so that neither can miss the other).
 */
export function createCompletionService({
  db,
  projects,
  settings,
}: {
  db: Db;
  projects: ProjectsService;
  settings: SettingsService;
}) {
  const machine = projects.machine;

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

  const projectAudit = (tx: Tx, projectId: number, actor: SignedInUser | 'system', action: string, data: object) =>
    appendAudit(tx, {
      action: `project.${action}`,
      subjectType: 'project',
      subjectId: projectId,
      actorId: actor === 'system' ? null : actor.id,
      actorName: actor === 'system' ? 'scheduler' : actor.loginUid,
      data: data as Record<string, unknown>,
    });

  /** The award's winner (confirmed, won or declined) of each project, with its company's name. */
  async function winnersOf(conn: Db | Tx, projectIds: number[]) {
    const rows = await applicationsRepository.awardedOf(conn, projectIds);
    const byProject = new Map<number, (typeof rows)[number]>();
    // A project has one live winner (won or confirmed); a declined one shows until another wins.
    for (const r of rows) if (!byProject.has(r.projectId) || r.status !== 'declined') byProject.set(r.projectId, r);
    return byProject;
  }

  /** Completes an accepted project whose fee is settled, in `tx` with the project locked. */
  async function completeIfDue(tx: Tx, projectId: number): Promise<boolean> {
    let project: ProjectRow;
    try {
      project = await machine.lockFor(tx, projectId, 'complete');
    } catch (err) {
      if (err instanceof AppError) return false; // not accepted (yet): the acceptance completes it
      throw err;
    }
    if (!isSettled((await repo.fee(tx, projectId))?.status)) return false;
    await machine.fire(tx, project.id, { event: 'complete', actor: 'system' });
    return true;
  }

  /** Makes, stores and records the award notice of a settled fee, in the settling transaction. */
  async function issueNotice(tx: Tx, fee: FeeRow, terms: FeeTerms, actor: SignedInUser | 'system') {
    const project = (await projectsRepository.find(tx, fee.projectId))!;
    // One statement at a time: a transaction is one connection.
    const names = await projectsRepository.names(tx, fee.projectId);
    const winners = await winnersOf(tx, [fee.projectId]);
    const confirmation = await resultsRepository.lastConfirmation(tx, fee.projectId);
    const issuedAt = await databaseNow(tx);
    const number = awardNoticeNumber(project.code);
    const pdf = await awardNoticePdf({
      number,
      projectCode: project.code,
      projectName: project.name,
      ownerName: names.ownerName ?? '',
      winnerName: winners.get(fee.projectId)?.companyName ?? '',
      amountFen: fee.awardFen,
      feeFen: fee.feeFen,
      publicityEndsAt: project.publicityEndsAt,
      resultHash: confirmation?.hash ?? '',
      issuedAt,
      platformName: terms.platformName,
      platformNameZh: terms.platformNameZh,
    });
    const stored = await storeGeneratedFile(tx, pdf, {
      originalName: `${number}.pdf`,
      ext: 'pdf',
      mime: 'application/pdf',
      kind: 'document',
      uploadedBy: actor === 'system' ? project.createdBy : actor.id,
    });
    await filesRepository.attach(tx, AWARD_NOTICE_RECORD, fee.id, [stored]);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    await repo.recordNotice(tx, fee.id, {
      noticeNo: number,
      noticeFile: stored,
      noticeSha256: sha256,
      noticeBytes: pdf.length,
      issuedAt,
    });
    await projectAudit(tx, fee.projectId, actor, 'award_notice', { number, sha256, bytes: pdf.length });
  }

  /** Finance's confirmation of a voucher: the notice, then the completion of an accepted project. */
  const feeMachineFor = (terms: FeeTerms) =>
    createFeeMachine({
      settled: async (tx, row, ctx) => {
        const actor = ctx.actor === 'system' ? 'system' : (ctx.actor as SignedInUser);
        await issueNotice(tx, row, terms, actor);
        await completeIfDue(tx, row.projectId);
      },
    });

  async function detailOf(project: ProjectRow): Promise<Detail> {
    const [names, winners, confirmation, contract, fee, acceptance] = await Promise.all([
      projectsRepository.names(db, project.id),
      winnersOf(db, [project.id]),
      resultsRepository.lastConfirmation(db, project.id),
      repo.contract(db, project.id),
      repo.fee(db, project.id),
      repo.acceptance(db, project.id),
    ]);
    const winner = winners.get(project.id);
    const fileNames = await filesRepository.originalNames(db, [
      ...(contract?.files ?? []),
      ...(acceptance?.files ?? []),
      ...(fee?.voucher ? [fee.voucher] : []),
    ]);
    return {
      fileNames,
      projectId: project.id,
      code: project.code,
      name: project.name,
      ownerName: names.ownerName ?? '',
      status: project.status,
      winnerApplicationId: winner?.id ?? null,
      winnerName: winner?.companyName ?? null,
      winnerStatus: winner?.status ?? null,
      awardFen: confirmation && confirmation.winnerApplicationId === winner?.id ? confirmation.amountFen : null,
      contract: contract
        ? {
            contractNo: contract.contractNo,
            amountFen: contract.amountFen,
            signedOn: contract.signedOn,
            periodStart: contract.periodStart,
            periodEnd: contract.periodEnd,
            files: contract.files,
            recordedBy: contract.by,
            recordedAt: contract.recordedAt,
          }
        : null,
      fee: fee ? feeOf(fee, winner?.companyName ?? '') : null,
      awardNotice: noticeOf(fee),
      acceptance: acceptance
        ? {
            inspectedOn: acceptance.inspectedOn,
            conclusion: acceptance.conclusion as 'passed' | 'failed',
            remarks: acceptance.remarks,
            files: acceptance.files,
            recordedBy: acceptance.by,
            recordedAt: acceptance.recordedAt,
          }
        : null,
    };
  }

  const noticeOf = (fee: FeeRow | undefined) =>
    fee?.noticeNo && fee.noticeIssuedAt && fee.noticeSha256
      ? { number: fee.noticeNo, issuedAt: fee.noticeIssuedAt, sha256: fee.noticeSha256, bytes: fee.noticeBytes ?? 0 }
      : null;

  /** The fee bands and the platform's names, read before the transaction that uses them. */
  async function terms(): Promise<FeeTerms> {
    const [tiers, site] = await Promise.all([settings.get('fee.rateTiers'), settings.site()]);
    return {
      tiers: JSON.parse(tiers ?? '[[null,0]]') as FeeTier[],
      platformName: site.platformName,
      platformNameZh: site.platformNameZh,
    };
  }

  return {
    terms,

    /**
     * The winner confirmed the award (results.service.ts, in its transaction): the service fee on
     * the signed amount, by the bands summed band by band; a fee of nothing is waived and the
     * award notice issued at once.
     */
    async openFee(
      tx: Tx,
      terms: FeeTerms,
      project: ProjectRow,
      winner: { id: number; companyId: number },
      actor: SignedInUser,
    ) {
      const confirmation = await resultsRepository.lastConfirmation(tx, project.id);
      if (!confirmation || confirmation.winnerApplicationId !== winner.id)
        throw conflict(text('this result has no signed award to confirm', '该结果没有已签章的中选结果'));
      const { feeFen, bands } = serviceFee(confirmation.amountFen, terms.tiers);
      const fee = await repo.insertFee(tx, {
        projectId: project.id,
        applicationId: winner.id,
        companyId: winner.companyId,
        awardFen: confirmation.amountFen,
        feeFen,
        bands,
        status: feeFen === 0 ? 'waived' : 'unpaid',
      });
      await projectAudit(tx, project.id, actor, 'fee', { fee: fee.id, feeFen, status: fee.status });
      if (feeFen === 0) await issueNotice(tx, fee, terms, actor);
    },

    /** Everything after the award of one project, for its staff pages. */
    async detail(actor: SignedInUser, id: number): Promise<Detail> {
      return detailOf(await visible(actor, id));
    },

    /** The award's fee and notice as the winner's company sees them (results.service's supplier view). */
    async forWinner(projectId: number, companyId: number) {
      const fee = await repo.fee(db, projectId);
      if (!fee || fee.companyId !== companyId) return { fee: null, awardNotice: null, voucher: null };
      const winners = await winnersOf(db, [projectId]);
      return {
        fee: feeOf(fee, winners.get(projectId)?.companyName ?? ''),
        awardNotice: noticeOf(fee),
        voucher: fee.voucher,
      };
    },

    /** Projects from the award on, with their contract, fee and acceptance (mandraw/improve, bidmanager/bidys). */
    async list(actor: SignedInUser, q: z.output<typeof completionQuery>, page: Page) {
      const { rows, total } = await projectsRepository.page(
        db,
        { keyword: q.keyword, statuses: q.status ? [q.status] : ['awarded', 'contracted', 'accepted', 'completed'] },
        projectScope(actor),
        page,
      );
      const ids = rows.map((r) => r.id);
      const [winners, confirmations, contracts, fees, acceptances] = await Promise.all([
        winnersOf(db, ids),
        repo.lastConfirmations(db, ids),
        repo.contractsOf(db, ids),
        repo.feesOf(db, ids),
        repo.acceptancesOf(db, ids),
      ]);
      const out: z.output<typeof completionRow>[] = rows.map((p) => {
        const winner = winners.get(p.id);
        const confirmation = confirmations.get(p.id);
        const fee = fees.get(p.id);
        return {
          projectId: p.id,
          code: p.code,
          name: p.name,
          ownerName: p.ownerName ?? '',
          status: p.status,
          winnerName: winner?.companyName ?? null,
          winnerStatus: winner?.status ?? null,
          awardFen: confirmation?.amountFen ?? null,
          contractNo: contracts.get(p.id)?.contractNo ?? null,
          feeFen: fee?.feeFen ?? null,
          feeStatus: (fee?.status as FeeStatus | undefined) ?? null,
          acceptance: (acceptances.get(p.id)?.conclusion as 'passed' | 'failed' | undefined) ?? null,
          awardedAt: confirmation?.confirmedAt ?? null,
        };
      });
      return { rows: out, total };
    },

    /** The service fees of the projects in the caller's scope (mandraw/fee). */
    async fees(actor: SignedInUser, q: z.output<typeof feeQuery>, page: Page) {
      const { rows, total } = await repo.feePage(
        db,
        { keyword: q.keyword, status: q.status, projectScope: projectIdsVisibleTo(actor) },
        page,
      );
      const ids = [...new Set(rows.map((f) => f.projectId))];
      const [found, winners] = await Promise.all([projectsRepository.withNames(db, ids), winnersOf(db, ids)]);
      const byId = new Map(found.map((p) => [p.id, p]));
      const out: z.output<typeof feeRow>[] = rows.map((f) => {
        const { bands: _bands, ...fee } = feeOf(f, winners.get(f.projectId)?.companyName ?? '');
        const p = byId.get(f.projectId);
        return { ...fee, code: p?.code ?? '', name: p?.name ?? '', ownerName: p?.ownerName ?? '' };
      });
      return { rows: out, total };
    },

    /** The owner records the contract with the confirmed winner → `contracted`. */
    async recordContract(actor: SignedInUser, id: number, input: ContractBody) {
      await ownerProject(actor, id);
      const row = await db.transaction(async (tx) => {
        const project = await machine.lockFor(tx, id, 'contract');
        const winner = (await winnersOf(tx, [id])).get(id);
        if (winner?.status !== 'confirmed')
          throw conflict(
            text(
              'the winner has not confirmed the award yet: the contract waits for it',
              '中选单位尚未确认中选，暂不能完善合同',
            ),
          );
        await checkOwnUploads(tx, { names: input.files, userId: actor.id, field: 'files', what: text('file', '文件') });
        await repo.insertContract(tx, {
          projectId: id,
          applicationId: winner.id,
          contractNo: input.contractNo,
          amountFen: input.amountFen,
          signedOn: input.signedOn,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          files: input.files,
          recordedBy: actor.id,
        });
        await filesRepository.attach(tx, CONTRACT_RECORD, project.id, input.files);
        return machine.fire(tx, id, { event: 'contract', actor });
      });
      return { projectId: row.id, status: row.status };
    },

    /** The owner records the acceptance → `accepted`, and `completed` where the fee is settled. */
    async recordAcceptance(actor: SignedInUser, id: number, input: AcceptanceBody) {
      await ownerProject(actor, id);
      const row = await db.transaction(async (tx) => {
        await machine.lockFor(tx, id, 'accept');
        await checkOwnUploads(tx, { names: input.files, userId: actor.id, field: 'files', what: text('file', '文件') });
        await repo.insertAcceptance(tx, {
          projectId: id,
          inspectedOn: input.inspectedOn,
          conclusion: input.conclusion,
          remarks: input.remarks,
          files: input.files,
          recordedBy: actor.id,
        });
        await filesRepository.attach(tx, ACCEPTANCE_RECORD, id, input.files);
        const accepted = await machine.fire(tx, id, { event: 'accept', actor });
        return (await completeIfDue(tx, id)) ? { ...accepted, status: 'completed' } : accepted;
      });
      return { projectId: row.id, status: row.status };
    },

    /** The winner uploads the bank-transfer voucher (again after a rejection). */
    async submitVoucher(actor: SignedInUser, projectId: number, voucher: string) {
      if (actor.types !== AccountType.supplier || !actor.company) throw forbidden(NOT_WINNER);
      const fee = await repo.fee(db, projectId);
      if (!fee) throw notFound(NO_FEE);
      if (fee.companyId !== actor.company.id) throw forbidden(NOT_WINNER);
      const row = await db.transaction(async (tx) => {
        await checkOwnUploads(tx, {
          names: [voucher],
          userId: actor.id,
          field: 'voucher',
          what: text('voucher', '缴费凭证'),
        });
        const done = await feeMachineFor(NO_TERMS).fire(tx, fee.id, { event: 'submit', actor, reason: voucher });
        await filesRepository.attach(tx, VOUCHER_RECORD, fee.id, [voucher]);
        await projectAudit(tx, projectId, actor, 'fee_voucher', { fee: fee.id, voucher });
        return done;
      });
      return { id: row.id, status: row.status as FeeStatus };
    },

    /** Finance confirms the voucher (the award notice is issued) or rejects it with a reason. */
    async decideFee(actor: SignedInUser, feeId: number, event: 'confirm' | 'reject', reason?: string) {
      if (!hasPermission(actor, Perm.selection.fee.confirm)) throw forbidden();
      const fee = await repo.feeById(db, feeId);
      if (!fee || !(await projectsRepository.find(db, fee.projectId, projectScope(actor)))) throw notFound(NO_FEE);
      const feeTerms = event === 'confirm' ? await terms() : NO_TERMS;
      const row = await feeMachineFor(feeTerms).fire(db, feeId, { event, actor, reason });
      return { id: row.id, status: row.status as FeeStatus };
    },

    /**
     * The award notice's PDF, to the winner's company, the owner's staff, finance and the
     * auditors of results (those who may read the project's result or fee).
     */
    async awardNotice(actor: SignedInUser, projectId: number) {
      const fee = await repo.fee(db, projectId);
      const isWinner = actor.types === AccountType.supplier && !!actor.company && fee?.companyId === actor.company.id;
      if (!isWinner) {
        const readers = [Perm.selection.fee.list, Perm.selection.contract.list, Perm.audit.result.list];
        if (!readers.some((p) => hasPermission(actor, p))) throw forbidden();
        await visible(actor, projectId);
      }
      if (!fee?.noticeFile) throw notFound(text('the award notice has not been issued', '中选通知书尚未签发'));
      const file = await filesRepository.findByStoredName(db, fee.noticeFile);
      if (!file) throw notFound(text('the award notice has not been issued', '中选通知书尚未签发'));
      return fileDownload(db, file);
    },
  };
}
export type CompletionService = ReturnType<typeof createCompletionService>;
