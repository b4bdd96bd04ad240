import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AccountType } from '@lvb/contracts/access';
import type { OrderEvent, OrderStatus } from '@lvb/contracts/guarantee-order-workflow';
import {
  GUARANTEE_KINDS,
  premiumFen,
  type GuaranteeKind,
  type OrderBody,
  type ProductBody,
  type TemplateBody,
  type guaranteeApplication,
  type letterVerification,
  type orderQuery,
  type orderRow,
  type productRow,
  type templateRow,
} from '@lvb/contracts/guarantees';
import { Perm } from '@lvb/contracts/permissions';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { platformTime, platformTimeZone } from '../../i18n/format.ts';
import { text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import type { FireContext } from '../../lib/workflow.ts';
import { hasPermission } from '../../plugins/access.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { sendTold, tellBidders, type Told } from '../applications/tell-bidders.ts';
import { appendAudit, timelineOf } from '../audit-trail/audit-trail.service.ts';
import { checkOwnUploads, fileDownload, readStoredFile, storeGeneratedFile } from '../files/files.service.ts';
import { filesRepository } from '../files/files.repository.ts';
import { projectsRepository, type ProjectRow } from '../projects/projects.repository.ts';
import { resultsRepository } from '../results/results.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { outboxSmsProvider, type SmsProvider } from '../sms/sms.providers.ts';
import { claimsOf } from './guarantee-claims.service.ts';
import { orderMessage } from './guarantee-notices.ts';
import { createOrderMachine, type OrderRow } from './guarantee-order.machine.ts';
import {
  SAMPLE_FACTS,
  addDays,
  guaranteeLetterPdf,
  letterNumber,
  verificationCode,
  type LetterFacts,
} from './guarantee-letter.ts';
import { guaranteesRepository as repo, type ListedOrder, type TemplateRow } from './guarantees.repository.ts';

type Product = z.output<typeof productRow>;
type Template = z.output<typeof templateRow>;
type Order = z.output<typeof orderRow>;
type Candidate = z.output<typeof guaranteeApplication>;

export const TEMPLATE_RECORD = 'letter-template';
export const VOUCHER_RECORD = 'guarantee-voucher';
export const LETTER_RECORD = 'guarantee-letter';

const NO_PRODUCT = text('guarantee product does not exist', '保函产品不存在');
const NO_TEMPLATE = text('letter template does not exist', '保函模板不存在');
const NO_ORDER = text('guarantee order does not exist', '保函订单不存在');
const NO_APPLICATION = text('application does not exist', '报名记录不存在');
const NO_LETTER = text(
  'no letter has this number and verification code',
  '未找到该编号与验证码对应的保函，请核对后重试',
);
const ONE_LIVE = text(
  'this application already has a guarantee order of this kind in progress',
  '该报名已有同类保函订单在办理中',
);
const SUPPLIERS_ONLY = text('only a supplier company orders guarantees', '只有供应商单位可以申请保函');

const BID_APPLICATION_STATUSES = ['pending_check', 'qualified'];
const AWARDED_APPLICATION_STATUSES = ['won', 'confirmed'];
const AFTER_AWARD_KINDS = GUARANTEE_KINDS.filter((k) => k !== 'bid');

const productOf = (p: NonNullable<Awaited<ReturnType<typeof repo.product>>>): Product => ({
  id: p.id,
  name: p.name,
  nameZh: p.nameZh,
  kind: p.kind as GuaranteeKind,
  rateTiers: p.rateTiers,
  minPremiumFen: p.minPremiumFen,
  validityDays: p.validityDays,
  autoApproveLimitFen: p.autoApproveLimitFen,
  templateId: p.templateId,
  templateName: p.templateName ?? '',
  onShelf: p.onShelf,
  description: p.description,
  updatedAt: p.updatedAt,
});

const templateOf = (t: TemplateRow): Template => ({
  id: t.id,
  name: t.name,
  bodyZh: t.bodyZh,
  bodyEn: t.bodyEn,
  letterhead: t.letterhead,
  seal: t.seal,
  updatedAt: t.updatedAt,
});

const orderOf = (o: ListedOrder): Order => ({
  id: o.id,
  orderNo: o.orderNo,
  companyId: o.companyId,
  companyName: o.companyName,
  applicationId: o.applicationId,
  projectId: o.projectId,
  projectCode: o.projectCode,
  projectName: o.projectName,
  beneficiary: o.beneficiary,
  productId: o.productId,
  productName: o.productName ?? '',
  kind: o.kind as GuaranteeKind,
  amountFen: o.amountFen,
  premiumFen: o.premiumFen,
  status: o.status as OrderStatus,
  statusReason: o.statusReason,
  voucher: o.voucher,
  refundFen: o.refundFen,
  letterNo: o.letterNo,
  validFrom: o.validFrom,
  validTo: o.validTo,
  issuedAt: o.issuedAt,
  bidDeadline: new Date(o.bidDeadline),
  createdAt: o.createdAt,
});

/** The kinds of guarantee an application may take now (the business clock's `now`). */
function eligibleKinds(status: string, project: ProjectRow, now: Date): GuaranteeKind[] {
  if (BID_APPLICATION_STATUSES.includes(status))
    return project.guaranteeRequired && now < project.bidDeadline ? ['bid'] : [];
  if (AWARDED_APPLICATION_STATUSES.includes(status)) return [...AFTER_AWARD_KINDS];
  return [];
}

/** A random order number: GO, the platform's date and ten hex digits. */
const orderNumber = (now: Date) =>
  `GO${platformTime(now).slice(0, 10).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`;

const sameCode = (a: string, b: string) => {
  const x = Buffer.from(a.toUpperCase());
  const y = Buffer.from(b.toUpperCase());
  return x.length === y.length && timingSafeEqual(x, y);
};

const actorId = (ctx: FireContext<OrderEvent>, row: OrderRow) =>
  ctx.actor === 'system' ? row.createdBy : ctx.actor.id;

/**
 * The guarantee service (DESIGN §7 "Guarantee service"): products and letter templates for
 * guarantee staff; for suppliers the shelf, the quote, the applications a guarantee may be ordered
 * for and their orders; the order workflow (voucher, finance's confirmation, underwriting); the
 * letter issued as a PDF with its number, verification code and QR code; the public verification.
 */
export function createGuaranteesService({
  db,
  publicBaseUrl,
  sms = outboxSmsProvider(db),
  onSmsFailure = () => {},
}: {
  db: Db;
  publicBaseUrl: string | null;
  sms?: SmsProvider;
  onSmsFailure?: (err: unknown) => void;
}) {
  function supplierCompany(actor: SignedInUser): number {
    if (actor.types !== AccountType.supplier || !actor.company) throw forbidden(SUPPLIERS_ONLY);
    return actor.company.id;
  }

  /** The template's images: each a letter-template upload, unused or this template's own. */
  async function checkTemplateImages(conn: Db | Tx, body: TemplateBody, templateId: number | null) {
    for (const field of ['letterhead', 'seal'] as const) {
      const name = body[field];
      if (!name) continue;
      const file = await filesRepository.findByStoredName(conn, name);
      const usable =
        file &&
        file.recordType === TEMPLATE_RECORD &&
        (file.recordId === null || file.recordId === templateId) &&
        file.kind === 'image';
      if (!usable)
        throw badRequest(
          text(
            `${field}: upload the image (PNG or JPEG) through the letter template upload`,
            `${field === 'letterhead' ? '信头' : '印章'}：请通过保函模板上传图片（PNG 或 JPEG）`,
          ),
        );
    }
  }

  async function templateOrThrow(id: number) {
    const row = await repo.template(db, id);
    if (!row) throw notFound(NO_TEMPLATE);
    return row;
  }

  async function productOrThrow(id: number) {
    const row = await repo.product(db, id);
    if (!row) throw notFound(NO_PRODUCT);
    return row;
  }

  async function checkProductTemplate(body: ProductBody) {
    if (!(await repo.template(db, body.templateId)))
      throw badRequest(text('templateId: the letter template does not exist', '保函模板不存在'));
  }

  const audit = (tx: Tx, id: number, actor: SignedInUser, action: string, data: object) =>
    appendAudit(tx, {
      action: `guarantee_order.${action}`,
      subjectType: 'guarantee_order',
      subjectId: id,
      actorId: actor.id,
      actorName: actor.loginUid,
      data: data as Record<string, unknown>,
    });

  async function images(conn: Db | Tx, t: TemplateRow) {
    // One statement at a time: in a transaction, one connection.
    const letterhead = t.letterhead ? await readStoredFile(conn, t.letterhead) : undefined;
    const seal = t.seal ? await readStoredFile(conn, t.seal) : undefined;
    return { bodyZh: t.bodyZh, bodyEn: t.bodyEn, letterhead: letterhead ?? null, seal: seal ?? null };
  }

  const verifyUrl = (origin: string, letterNo: string, code: string) =>
    `${publicBaseUrl ?? origin}/verify?no=${encodeURIComponent(letterNo)}&code=${encodeURIComponent(code)}`;

  /** Makes, stores and records the letter of an order just issued, in the issuing transaction. */
  async function issueLetter(tx: Tx, row: OrderRow, ctx: FireContext<OrderEvent>, origin: string) {
    const product = (await repo.product(tx, row.productId))!;
    const template = (await repo.template(tx, product.templateId))!;
    const listed = await repo.listedOrder(tx, row.id);
    const issuedAt = await databaseNow(tx);
    const letterNo = letterNumber(issuedAt, row.id);
    const verifyCode = verificationCode();
    const validFrom = platformTime(issuedAt).slice(0, 10);
    const validTo = addDays(validFrom, product.validityDays);
    const facts: LetterFacts = {
      letterNo,
      verifyCode,
      beneficiary: listed!.beneficiary,
      applicant: listed!.companyName,
      project: listed!.projectName,
      projectCode: listed!.projectCode,
      amountFen: row.amountFen,
      validFrom,
      validTo,
      issuedAt,
      verifyUrl: verifyUrl(origin, letterNo, verifyCode),
      template: await images(tx, template),
    };
    const pdf = await guaranteeLetterPdf(facts);
    const stored = await storeGeneratedFile(tx, pdf, {
      originalName: `${letterNo}.pdf`,
      ext: 'pdf',
      mime: 'application/pdf',
      kind: 'document',
      uploadedBy: row.createdBy,
      companyId: row.companyId,
    });
    await filesRepository.attach(tx, LETTER_RECORD, row.id, [stored]);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    if (
      !(await repo.recordLetter(tx, row.id, {
        letterNo,
        verifyCode,
        letterFile: stored,
        letterSha256: sha256,
        validFrom,
        validTo,
        issuedAt,
      }))
    )
      throw conflict(text('the letter of this order was issued already', '该订单的保函已出具'));
    await appendAudit(tx, {
      action: 'guarantee_order.letter',
      subjectType: 'guarantee_order',
      subjectId: row.id,
      actorId: ctx.actor === 'system' ? null : actorId(ctx, row),
      actorName: ctx.actor === 'system' ? 'system' : ctx.actor.loginUid,
      data: { letterNo, sha256, bytes: pdf.length },
    });
  }

  /**
   * The order machine for one request: the origin its letters link to, the refund it records, and
   * `told`, where the company's notices collect their SMS, sent once the step committed (`fire`).
   */
  const machineFor = (origin: string, refundFen?: number, told: Told[] = []) => {
    const machine: ReturnType<typeof createOrderMachine> = createOrderMachine({
      refundFen,
      issued: (tx, row, ctx) => issueLetter(tx, row, ctx, origin),
      async tell(tx, row, ctx) {
        const message = orderMessage(ctx.event, (await repo.listedOrder(tx, row.id))!, ctx.reason);
        if (message) told.push(await tellBidders(tx, row.projectId, actorId(ctx, row), () => message, [row.companyId]));
      },
      async checkSurrender(tx, row) {
        const project = (await projectsRepository.find(tx, row.projectId))!;
        if (row.kind !== 'bid') throw conflict(text('only a bid guarantee may be surrendered', '只有投标保函可以退保'));
        if (project.bidDeadline.getTime() <= (await databaseNow(tx)).getTime())
          throw conflict(
            text(
              `the bid deadline (${platformTime(project.bidDeadline)}) has passed: the letter can no longer be surrendered`,
              `投标截止时间（${platformTime(project.bidDeadline)}）已过，保函不能退保`,
            ),
          );
      },
      // Within the product's auto-approve limit the letter is issued at once; above it, staff underwrite.
      paid: async (tx, row) => {
        const product = (await repo.product(tx, row.productId))!;
        const event = row.amountFen <= product.autoApproveLimitFen ? 'auto_issue' : 'start_underwriting';
        await machine.fire(tx, row.id, { event, actor: 'system' });
      },
    });
    return machine;
  };

  /** Fires an order event and, once it committed, texts what it told the company. */
  async function fire(
    id: number,
    event: OrderEvent,
    actor: SignedInUser,
    origin: string,
    opts: { reason?: string; refundFen?: number } = {},
  ) {
    const told: Told[] = [];
    await machineFor(origin, opts.refundFen, told).fire(db, id, { event, actor, reason: opts.reason });
    for (const t of told) await sendTold(db, sms, t, onSmsFailure);
  }

  async function answerOrder(id: number): Promise<Order> {
    return orderOf((await repo.listedOrder(db, id))!);
  }

  /** The order with every step of its timeline and the claims on its letter. */
  async function detailOf(id: number) {
    const [order, timeline, claims] = await Promise.all([
      answerOrder(id),
      timelineOf(db, 'guarantee_order', id),
      repo.claimsOf(db, id),
    ]);
    return { ...order, timeline, claims: await claimsOf(db, claims) };
  }

  /** The order as its company sees it (404 for another company's). */
  async function ownOrder(actor: SignedInUser, id: number) {
    const row = await repo.order(db, id, supplierCompany(actor));
    if (!row) throw notFound(NO_ORDER);
    return row;
  }

  async function staffOrder(id: number) {
    const row = await repo.order(db, id);
    if (!row) throw notFound(NO_ORDER);
    return row;
  }

  return {
    /** The order machine and its SMS, for the claims' payment (guarantee-claims.service.ts). */
    machineFor,
    sendTold: (told: Told[]) => Promise.all(told.map((t) => sendTold(db, sms, t, onSmsFailure))),

    /**
     * The scheduler's tick: releases the bid letters of projects awarded to another company,
     * failed or cancelled, and expires letters past their last day, each exactly once however
     * many instances tick (the engine's SKIP LOCKED), then texts the companies.
     */
    async sweep(): Promise<{ released: number; expired: number }> {
      const told: Told[] = [];
      const machine = machineFor('', undefined, told);
      const released = await machine.fireDue(db, 'release', repo.releaseDue());
      const expired = await machine.fireDue(db, 'expire', repo.expireDue(platformTimeZone()));
      for (const t of told) await sendTold(db, sms, t, onSmsFailure);
      return { released, expired };
    },

    // Letter templates
    async templates(): Promise<Template[]> {
      return (await repo.templates(db)).map(templateOf);
    },
    async template(id: number): Promise<Template> {
      return templateOf(await templateOrThrow(id));
    },
    async createTemplate(actor: SignedInUser, body: TemplateBody): Promise<Template> {
      return db.transaction(async (tx) => {
        await checkTemplateImages(tx, body, null);
        const row = await repo.insertTemplate(tx, body);
        await filesRepository.attach(
          tx,
          TEMPLATE_RECORD,
          row.id,
          [body.letterhead, body.seal].filter((x) => !!x) as string[],
        );
        return templateOf(row);
      });
    },
    async updateTemplate(actor: SignedInUser, id: number, body: TemplateBody): Promise<Template> {
      await templateOrThrow(id);
      return db.transaction(async (tx) => {
        await checkTemplateImages(tx, body, id);
        const row = await repo.updateTemplate(tx, id, body);
        if (!row) throw notFound(NO_TEMPLATE);
        await filesRepository.attach(
          tx,
          TEMPLATE_RECORD,
          id,
          [body.letterhead, body.seal].filter((x) => !!x) as string[],
        );
        return templateOf(row);
      });
    },
    async removeTemplate(id: number) {
      await templateOrThrow(id);
      if ((await repo.productsUsing(db, id)) > 0)
        throw conflict(text('a guarantee product uses this letter template', '该保函模板已被保函产品使用，不能删除'));
      await db.transaction(async (tx) => {
        if (!(await repo.removeTemplate(tx, id))) throw notFound(NO_TEMPLATE);
      });
    },
    /** The template filled with sample values, as the letter would look. */
    async previewTemplate(id: number, origin: string): Promise<Buffer> {
      const template = await templateOrThrow(id);
      return guaranteeLetterPdf({
        ...SAMPLE_FACTS,
        issuedAt: await databaseNow(db),
        verifyUrl: verifyUrl(origin, SAMPLE_FACTS.letterNo, SAMPLE_FACTS.verifyCode),
        template: await images(db, template),
      });
    },

    // Products
    async products(): Promise<Product[]> {
      return (await repo.products(db)).map(productOf);
    },
    async product(id: number): Promise<Product> {
      return productOf(await productOrThrow(id));
    },
    async createProduct(body: ProductBody): Promise<Product> {
      await checkProductTemplate(body);
      const id = await db.transaction((tx) => repo.insertProduct(tx, body));
      return productOf((await repo.product(db, id))!);
    },
    async updateProduct(id: number, body: ProductBody): Promise<Product> {
      await productOrThrow(id);
      await checkProductTemplate(body);
      await db.transaction(async (tx) => {
        if (!(await repo.updateProduct(tx, id, body))) throw notFound(NO_PRODUCT);
      });
      return productOf((await repo.product(db, id))!);
    },
    async removeProduct(id: number) {
      await productOrThrow(id);
      if ((await repo.ordersUsing(db, id)) > 0)
        throw conflict(
          text(
            'guarantee orders use this product: take it off the shelf instead',
            '该保函产品已有订单，不能删除，可将其下架',
          ),
        );
      await db.transaction(async (tx) => {
        if (!(await repo.removeProduct(tx, id))) throw notFound(NO_PRODUCT);
      });
    },

    // Suppliers
    async shelf(kind?: GuaranteeKind): Promise<Product[]> {
      return (await repo.products(db, { onShelf: true, kind })).map(productOf);
    },
    async quote(productId: number, amountFen: number) {
      const product = await productOrThrow(productId);
      const premium = premiumFen(amountFen, product.rateTiers, product.minPremiumFen);
      if (premium === null)
        throw badRequest(text('amountFen: the product does not guarantee so much', '担保金额超出该产品的承保范围'));
      const tier = product.rateTiers.find(([upTo]) => upTo === null || amountFen <= Math.round(upTo * 100))!;
      return { premiumFen: premium, rate: tier[1], minPremiumFen: product.minPremiumFen };
    },

    /** The company's applications a guarantee may be ordered for now, with the kinds each may take. */
    async myApplications(actor: SignedInUser): Promise<Candidate[]> {
      const companyId = supplierCompany(actor);
      const apps = await applicationsRepository.ofCompany(db, companyId, [
        ...BID_APPLICATION_STATUSES,
        ...AWARDED_APPLICATION_STATUSES,
      ]);
      const [projects, now] = await Promise.all([
        projectsRepository.withNames(db, [...new Set(apps.map((a) => a.projectId))]),
        databaseNow(db),
      ]);
      const byId = new Map(projects.map((p) => [p.id, p]));
      const rows: Candidate[] = [];
      for (const a of apps) {
        const project = byId.get(a.projectId);
        if (!project) continue;
        const kinds = eligibleKinds(a.status, project, now);
        if (kinds.length === 0) continue;
        let suggestedAmountFen = project.guaranteeAmount;
        if (!kinds.includes('bid')) {
          const confirmation = await resultsRepository.lastConfirmation(db, project.id);
          suggestedAmountFen = confirmation?.winnerApplicationId === a.id ? confirmation.amountFen : 0;
        }
        rows.push({
          applicationId: a.id,
          projectId: project.id,
          projectCode: project.code,
          projectName: project.name,
          beneficiary: project.ownerName ?? '',
          kinds,
          suggestedAmountFen,
          bidDeadline: project.bidDeadline,
        });
      }
      return rows;
    },

    /** A draft order: the caller's company's application, eligible now for the product's kind. */
    async createOrder(actor: SignedInUser, body: OrderBody): Promise<Order> {
      const companyId = supplierCompany(actor);
      const product = await repo.product(db, body.productId);
      if (!product || !product.onShelf)
        throw badRequest(text('productId: the product is not on the shelf', '该保函产品未上架'));
      const application = await applicationsRepository.find(db, body.applicationId);
      if (!application || application.companyId !== companyId) throw notFound(NO_APPLICATION);
      const premium = premiumFen(body.amountFen, product.rateTiers, product.minPremiumFen);
      if (premium === null)
        throw badRequest(text('amountFen: the product does not guarantee so much', '担保金额超出该产品的承保范围'));
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const project = (await projectsRepository.find(tx, application.projectId))!;
          const now = await databaseNow(tx);
          if (!eligibleKinds(application.status, project, now).includes(product.kind as GuaranteeKind))
            throw conflict(
              text('this application cannot take a guarantee of this kind now', '该报名当前不能申请此类保函'),
            );
          if (product.kind === 'bid' && body.amountFen < project.guaranteeAmount)
            throw badRequest(
              text(
                'amountFen: at least the bid guarantee the project requires',
                '担保金额不能低于项目要求的投标保证金',
              ),
            );
          if (await repo.liveOf(tx, application.id, product.kind)) throw conflict(ONE_LIVE);
          const row = await repo.insertOrder(tx, {
            orderNo: orderNumber(now),
            companyId,
            applicationId: application.id,
            projectId: project.id,
            productId: product.id,
            kind: product.kind,
            amountFen: body.amountFen,
            premiumFen: premium,
            createdBy: actor.id,
          });
          await audit(tx, row.id, actor, 'create', { amountFen: body.amountFen, premiumFen: premium });
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ONE_LIVE);
        throw err;
      }
      return answerOrder(id);
    },

    async submit(actor: SignedInUser, id: number, origin: string): Promise<Order> {
      await ownOrder(actor, id);
      await machineFor(origin).fire(db, id, { event: 'submit', actor });
      return answerOrder(id);
    },

    async giveVoucher(actor: SignedInUser, id: number, voucher: string, origin: string): Promise<Order> {
      await ownOrder(actor, id);
      await db.transaction(async (tx) => {
        await checkOwnUploads(tx, {
          names: [voucher],
          userId: actor.id,
          field: 'voucher',
          what: text('voucher', '付款凭证'),
        });
        await machineFor(origin).fire(tx, id, { event: 'give_voucher', actor, reason: voucher });
        await filesRepository.attach(tx, VOUCHER_RECORD, id, [voucher]);
      });
      return answerOrder(id);
    },

    /** The supplier gives up its issued bid letter before the bid deadline. */
    async surrender(actor: SignedInUser, id: number, reason: string, origin: string) {
      await ownOrder(actor, id);
      await fire(id, 'surrender', actor, origin, { reason });
      return detailOf(id);
    },

    async cancel(actor: SignedInUser, id: number, origin: string): Promise<Order> {
      await ownOrder(actor, id);
      await machineFor(origin).fire(db, id, { event: 'cancel', actor });
      return answerOrder(id);
    },

    async myOrders(actor: SignedInUser, q: z.output<typeof orderQuery>, page: Page) {
      const { rows, total } = await repo.orderPage(db, { ...q, companyId: supplierCompany(actor) }, page);
      return { rows: rows.map(orderOf), total };
    },
    /** The company's issued letters (`order/myguarantee`). */
    async myLetters(actor: SignedInUser, q: z.output<typeof orderQuery>, page: Page) {
      const { rows, total } = await repo.orderPage(
        db,
        { ...q, companyId: supplierCompany(actor), lettersOnly: true },
        page,
      );
      return { rows: rows.map(orderOf), total };
    },
    async myOrder(actor: SignedInUser, id: number) {
      await ownOrder(actor, id);
      return detailOf(id);
    },

    // Staff
    async orders(q: z.output<typeof orderQuery>, page: Page) {
      const { rows, total } = await repo.orderPage(db, q, page);
      return { rows: rows.map(orderOf), total };
    },
    /** Every issued letter (`manager/gl`). */
    async letters(q: z.output<typeof orderQuery>, page: Page) {
      const { rows, total } = await repo.orderPage(db, { ...q, lettersOnly: true }, page);
      return { rows: rows.map(orderOf), total };
    },
    async order(id: number) {
      await staffOrder(id);
      return detailOf(id);
    },

    /** Finance confirms the payment: issued at once within the auto-approve limit, else underwritten. */
    async confirmPayment(actor: SignedInUser, id: number, origin: string): Promise<Order> {
      await staffOrder(id);
      await fire(id, 'confirm_payment', actor, origin);
      return answerOrder(id);
    },
    async returnPayment(actor: SignedInUser, id: number, reason: string, origin: string): Promise<Order> {
      await staffOrder(id);
      await fire(id, 'return_payment', actor, origin, { reason });
      return answerOrder(id);
    },
    async issue(actor: SignedInUser, id: number, origin: string): Promise<Order> {
      await staffOrder(id);
      await fire(id, 'issue', actor, origin);
      return answerOrder(id);
    },
    /** Underwriting rejects a paid order, recording the refund (at most the premium). */
    async reject(actor: SignedInUser, id: number, reason: string, refundFen: number, origin: string): Promise<Order> {
      const row = await staffOrder(id);
      if (refundFen > row.premiumFen)
        throw badRequest(text('refundFen: at most the premium paid', '退款金额不能超过已缴保费'));
      await fire(id, 'reject', actor, origin, { reason, refundFen });
      return answerOrder(id);
    },

    /** The letter's PDF: to the order's company, guarantee staff and finance. */
    async letter(actor: SignedInUser, id: number) {
      const own = actor.types === AccountType.supplier && actor.company;
      const row = own ? await repo.order(db, id, actor.company!.id) : await repo.order(db, id);
      if (!own && !hasPermission(actor, Perm.guarantee.order.list) && !hasPermission(actor, Perm.guarantee.letter.list))
        throw forbidden();
      if (!row) throw notFound(NO_ORDER);
      const file = row.letterFile ? await filesRepository.findByStoredName(db, row.letterFile) : undefined;
      if (!file) throw notFound(text('the letter has not been issued', '保函尚未出具'));
      return fileDownload(db, file);
    },

    // Public
    /** A letter by its number and code; a wrong number and a wrong code answer alike. */
    async verify(letterNo: string, code: string): Promise<z.output<typeof letterVerification>> {
      const row = await repo.byLetterNo(db, letterNo.trim().toUpperCase());
      if (!row?.verifyCode || !sameCode(row.verifyCode, code.trim()) || !row.validFrom || !row.validTo || !row.issuedAt)
        throw notFound(NO_LETTER);
      return {
        letterNo: row.letterNo!,
        status: row.status as OrderStatus,
        kind: row.kind as GuaranteeKind,
        beneficiary: row.beneficiary,
        applicant: row.companyName,
        projectCode: row.projectCode,
        projectName: row.projectName,
        amountFen: row.amountFen,
        validFrom: row.validFrom,
        validTo: row.validTo,
        issuedAt: row.issuedAt,
      };
    },
    /** Whether these bytes are, exactly, a letter the platform issued. */
    async verifyFile(sha256: string) {
      const row = await repo.bySha256(db, sha256);
      return {
        matches: !!row,
        sha256,
        letterNo: row?.letterNo ?? null,
        status: (row?.status as OrderStatus | undefined) ?? null,
      };
    },
  };
}
export type GuaranteesService = ReturnType<typeof createGuaranteesService>;
