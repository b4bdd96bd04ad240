import { randomBytes } from 'node:crypto';
import { AccountType } from '@lvb/contracts/access';
import type { ClaimStatus } from '@lvb/contracts/guarantee-claim-workflow';
import type { OrderStatus } from '@lvb/contracts/guarantee-order-workflow';
import type {
  ClaimBody,
  GuaranteeKind,
  applicationGuarantee,
  claimQuery,
  claimRow,
  letterChoice,
} from '@lvb/contracts/guarantees';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { platformTime } from '../../i18n/format.ts';
import { text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { tellBidders, type Told } from '../applications/tell-bidders.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import { fileDownload, checkOwnUploads } from '../files/files.service.ts';
import { filesRepository } from '../files/files.repository.ts';
import { projectIdsVisibleTo, projectsRepository, type ProjectRow } from '../projects/projects.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { claimMessage } from './guarantee-notices.ts';
import { createClaimMachine } from './guarantee-claim.machine.ts';
import { guaranteesRepository as repo, type ListedClaim } from './guarantees.repository.ts';
import type { GuaranteesService } from './guarantees.service.ts';

export const CLAIM_RECORD = 'guarantee-claim';
type Claim = z.output<typeof claimRow>;

const NO_APPLICATION = text('application does not exist', '报名记录不存在');
const NO_CLAIM = text('claim does not exist', '索赔记录不存在');
const NO_LETTER = text(
  'the application holds no letter issued by the platform: a letter from elsewhere is claimed on with its issuer',
  '该报名未持有平台出具的保函：其他机构出具的保函请向出具机构索赔',
);

/** The claims with the names their uploader gave their files. */
export async function claimsOf(db: Db | Tx, rows: ListedClaim[]): Promise<Claim[]> {
  const fileNames = await filesRepository.originalNames(
    db,
    rows.flatMap((r) => r.files),
  );
  return rows.map((c) => ({
    id: c.id,
    claimNo: c.claimNo,
    orderId: c.orderId,
    letterNo: c.letterNo,
    kind: c.kind as GuaranteeKind,
    companyName: c.companyName,
    applicationId: c.applicationId,
    projectId: Number(c.projectId),
    projectCode: c.projectCode,
    projectName: c.projectName,
    beneficiary: c.beneficiary,
    letterAmountFen: Number(c.letterAmountFen),
    amountFen: c.amountFen,
    reason: c.reason,
    status: c.status as ClaimStatus,
    statusReason: c.statusReason,
    files: c.files,
    fileNames: Object.fromEntries(c.files.map((f) => [f, fileNames[f] ?? f])),
    filedByName: c.filedByName,
    decidedAt: c.decidedAt,
    createdAt: c.createdAt,
  }));
}

/** A claim number: CL, the platform's date and eight hex digits. */
const claimNumber = (now: Date) =>
  `CL${platformTime(now).slice(0, 10).replace(/-/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`;

/** Whether a letter covers the project's bid guarantee: the amount, and valid through the deadline's day. */
const sufficient = (l: { amountFen: number; validTo: string | null }, project: ProjectRow) =>
  l.amountFen >= project.guaranteeAmount && !!l.validTo && l.validTo >= platformTime(project.bidDeadline).slice(0, 10);

/**
 * The letter in the application's hands (DESIGN §7 "Guarantee service"): the supplier's
 * application takes one of its company's issued bid letters for the project, or names a letter
 * from elsewhere (unverified, for the owner's check); the owner reads the letter only through an
 * application in its scope, and claims on it as the beneficiary; guarantee staff pay or refuse.
 */
export function createGuaranteeClaimsService({ db, guarantees }: { db: Db; guarantees: GuaranteesService }) {
  const claimAnswer = async (id: number) => (await claimsOf(db, [(await repo.listedClaim(db, id))!]))[0]!;

  /** Pays or refuses: paying ends the letter in the same transaction; the company is told both. */
  function claimMachine(told: Told[]) {
    return createClaimMachine({
      async paid(tx, row, ctx) {
        const person = ctx.actor === 'system' ? undefined : ctx.actor;
        if (!person) return;
        await guarantees.machineFor('', undefined, told).fire(tx, row.orderId, { event: 'claim_paid', actor: person });
      },
      async decided(tx, row, ctx) {
        const listed = (await repo.listedClaim(tx, row.id))!;
        const order = (await repo.order(tx, row.orderId))!;
        const message = claimMessage(ctx.event === 'pay' ? 'paid' : 'refused', listed);
        told.push(
          await tellBidders(tx, order.projectId, row.decidedBy ?? row.filedBy, () => message, [order.companyId]),
        );
      },
    });
  }

  async function ownApplication(actor: SignedInUser, id: number) {
    if (actor.types !== AccountType.supplier || !actor.company) throw forbidden();
    const row = await applicationsRepository.find(db, id);
    if (!row || row.companyId !== actor.company.id) throw notFound(NO_APPLICATION);
    return row;
  }

  /** An application of a project in the staff member's data scope. */
  async function scopedApplication(actor: SignedInUser, id: number) {
    const row = await applicationsRepository.find(db, id, projectIdsVisibleTo(actor));
    if (!row) throw notFound(NO_APPLICATION);
    return row;
  }

  async function guaranteeOf(application: { guaranteeLetterNo: string | null; guaranteeOrderId: number | null }) {
    if (!application.guaranteeLetterNo) return null;
    const order = application.guaranteeOrderId ? await repo.order(db, application.guaranteeOrderId) : undefined;
    const claims = order ? await claimsOf(db, await repo.claimsOf(db, order.id)) : [];
    return {
      letterNo: application.guaranteeLetterNo,
      verified: !!order,
      orderId: order?.id ?? null,
      status: (order?.status as OrderStatus | undefined) ?? null,
      amountFen: order?.amountFen ?? null,
      validFrom: order?.validFrom ?? null,
      validTo: order?.validTo ?? null,
      issuedAt: order?.issuedAt ?? null,
      claims,
    } satisfies z.output<typeof applicationGuarantee>;
  }

  return {
    /** The company's issued bid letters for the application's project, and whether each suffices. */
    async letterChoices(actor: SignedInUser, applicationId: number): Promise<z.output<typeof letterChoice>[]> {
      const application = await ownApplication(actor, applicationId);
      const project = (await projectsRepository.find(db, application.projectId))!;
      const letters = await repo.issuedBidLetters(db, application.companyId, application.projectId);
      return letters.map((l) => ({
        orderId: l.id,
        letterNo: l.letterNo!,
        amountFen: l.amountFen,
        validFrom: l.validFrom!,
        validTo: l.validTo!,
        sufficient: sufficient(l, project),
        taken: application.guaranteeOrderId === l.id,
      }));
    },

    /**
     * The application takes an issued letter of its company for the project (enough amount, valid
     * through the bid deadline's day) or a number from elsewhere, while it waits for its check and
     * before the bid deadline.
     */
    async takeLetter(actor: SignedInUser, applicationId: number, body: { orderId?: number; letterNo?: string }) {
      const application = await ownApplication(actor, applicationId);
      const project = (await projectsRepository.find(db, application.projectId))!;
      await db.transaction(async (tx) => {
        if ((await databaseNow(tx)).getTime() >= project.bidDeadline.getTime())
          throw conflict(
            text(
              'the bid deadline has passed: the application can no longer change its letter',
              '投标截止时间已过，报名不能再更换保函',
            ),
          );
        let taken: { letterNo: string; orderId: number | null };
        if (body.orderId !== undefined) {
          const letter = (await repo.issuedBidLetters(tx, application.companyId, application.projectId)).find(
            (l) => l.id === body.orderId,
          );
          if (!letter)
            throw badRequest(
              text(
                "orderId: not an issued bid letter of your company for this application's project",
                '所选保函不是贵单位为该项目出具且有效的投标保函',
              ),
            );
          if (!sufficient(letter, project))
            throw badRequest(
              text(
                'orderId: the letter must guarantee at least the required amount and stay valid through the bid deadline',
                '所选保函的担保金额不足或有效期未覆盖投标截止日',
              ),
            );
          taken = { letterNo: letter.letterNo!, orderId: letter.id };
        } else {
          // A number typed for a letter the platform issued is recognised as that letter.
          const letterNo = body.letterNo!.trim();
          const own = (await repo.issuedBidLetters(tx, application.companyId, application.projectId)).find(
            (l) => l.letterNo === letterNo.toUpperCase() && sufficient(l, project),
          );
          taken = own ? { letterNo: own.letterNo!, orderId: own.id } : { letterNo, orderId: null };
        }
        if (!(await applicationsRepository.setGuarantee(tx, application.id, taken)))
          throw conflict(
            text(
              'the application has been checked or withdrawn: its letter can no longer change',
              '报名已审查或已撤回，不能再更换保函',
            ),
          );
        await appendAudit(tx, {
          action: 'application.guarantee',
          subjectType: 'application',
          subjectId: application.id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { letterNo: taken.letterNo, orderId: taken.orderId, verified: taken.orderId !== null },
        });
      });
      return (await guaranteeOf((await applicationsRepository.find(db, application.id))!))!;
    },

    /** The letter an application in the caller's scope holds (null: none). */
    async ofApplication(actor: SignedInUser, applicationId: number) {
      return guaranteeOf(await scopedApplication(actor, applicationId));
    },

    /** The PDF of the platform's letter an application in the caller's scope holds. */
    async letterOfApplication(actor: SignedInUser, applicationId: number) {
      const application = await scopedApplication(actor, applicationId);
      const order = application.guaranteeOrderId ? await repo.order(db, application.guaranteeOrderId) : undefined;
      const file = order?.letterFile ? await filesRepository.findByStoredName(db, order.letterFile) : undefined;
      if (!file) throw notFound(NO_LETTER);
      return fileDownload(db, file);
    },

    /**
     * The beneficiary claims on the platform's letter an application in its scope holds: the letter
     * issued and within its validity, at most its amount, one open claim per letter.
     */
    async file(actor: SignedInUser, body: ClaimBody): Promise<Claim> {
      const application = await scopedApplication(actor, body.applicationId);
      if (!application.guaranteeOrderId) throw conflict(NO_LETTER);
      const orderId = application.guaranteeOrderId;
      const told: Told[] = [];
      const open = text('a claim on this letter is waiting for its decision', '该保函已有待处理的索赔');
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          // The order's row lock: a release, expiry or surrender meanwhile waits, or went first.
          const order = await repo.lockOrder(tx, orderId);
          if (!order || order.status !== 'issued')
            throw conflict(text('the letter is no longer in force: it cannot be claimed on', '该保函已失效，不能索赔'));
          const now = await databaseNow(tx);
          if (order.validTo && platformTime(now).slice(0, 10) > order.validTo)
            throw conflict(text('the letter has expired: it cannot be claimed on', '该保函已过有效期，不能索赔'));
          if (body.amountFen > order.amountFen)
            throw badRequest(
              text('amountFen: at most the amount the letter guarantees', '索赔金额不能超过保函担保金额'),
            );
          if (await repo.openClaimOf(tx, order.id)) throw conflict(open);
          await checkOwnUploads(tx, {
            names: body.files,
            userId: actor.id,
            field: 'files',
            what: text('file', '文件'),
          });
          const project = (await projectsRepository.find(tx, order.projectId))!;
          const row = await repo.insertClaim(tx, {
            claimNo: claimNumber(now),
            orderId: order.id,
            applicationId: application.id,
            deptId: project.ownerDeptId,
            amountFen: body.amountFen,
            reason: body.reason,
            files: body.files,
            filedBy: actor.id,
          });
          await filesRepository.attach(tx, CLAIM_RECORD, row.id, body.files);
          await appendAudit(tx, {
            action: 'guarantee_claim.file',
            subjectType: 'guarantee_claim',
            subjectId: row.id,
            actorId: actor.id,
            actorName: actor.loginUid,
            data: { orderId: order.id, amountFen: body.amountFen, files: body.files.length, to: 'filed' },
          });
          await appendAudit(tx, {
            action: 'guarantee_order.claim',
            subjectType: 'guarantee_order',
            subjectId: order.id,
            actorId: actor.id,
            actorName: actor.loginUid,
            data: { claimNo: row.claimNo, amountFen: body.amountFen },
          });
          const message = claimMessage('filed', (await repo.listedClaim(tx, row.id))!);
          told.push(await tellBidders(tx, order.projectId, actor.id, () => message, [order.companyId]));
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(open);
        throw err;
      }
      await guarantees.sendTold(told);
      return claimAnswer(id);
    },

    async list(q: z.output<typeof claimQuery>, page: Page) {
      const { rows, total } = await repo.claimPage(db, q, page);
      return { rows: await claimsOf(db, rows), total };
    },
    async get(id: number): Promise<Claim> {
      if (!(await repo.claim(db, id))) throw notFound(NO_CLAIM);
      return claimAnswer(id);
    },

    async decide(actor: SignedInUser, id: number, event: 'pay' | 'refuse', reason?: string): Promise<Claim> {
      if (!(await repo.claim(db, id))) throw notFound(NO_CLAIM);
      const told: Told[] = [];
      await claimMachine(told).fire(db, id, { event, actor, reason });
      await guarantees.sendTold(told);
      return claimAnswer(id);
    },
  };
}
export type GuaranteeClaimsService = ReturnType<typeof createGuaranteeClaimsService>;
