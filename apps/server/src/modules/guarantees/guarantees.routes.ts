import { createHash } from 'node:crypto';
import {
  GUARANTEE_KINDS,
  guaranteeApplication,
  letterFileVerification,
  letterVerification,
  orderBody,
  orderDetail,
  orderQuery,
  orderRow,
  orderVoucherBody,
  productBody,
  productRow,
  quote,
  quoteQuery,
  rejectOrderBody,
  surrenderBody,
  templateBody,
  templateRow,
  verifyLetterQuery,
} from '@lvb/contracts/guarantees';
import { Perm } from '@lvb/contracts/permissions';
import { reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { yuan } from '../../i18n/format.ts';
import { languageOf, text, type Language } from '../../i18n/text.ts';
import { sendDownload } from '../../lib/download.ts';
import { badRequest } from '../../lib/errors.ts';
import { headerIn, sendExcel, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okAfter, okWith, originOf } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { MAX_UPLOAD_BYTES } from '../files/files.service.ts';
import type { GuaranteesService } from './guarantees.service.ts';

const orderAnswer = { 200: okWith({ data: orderRow }) };
const detailAnswer = { 200: okWith({ data: orderDetail }) };
const P = Perm.guarantee.product;
const O = Perm.guarantee.order;

/**
 * The guarantee service (views `manager/product`, `order`, `web/order`, `order/myguarantee`): the
 * products and letter templates of guarantee staff, the supplier's shelf, quote and orders, the
 * order workflow (finance's payment, underwriting), the letter's PDF, and the public verification
 * of a letter by number and code or by its file. Every POST takes an Idempotency-Key.
 */
/** The columns of the orders' and the letters' exports, headed in the reader's language. */
function orderColumns(lang: Language): ExcelColumn<z.output<typeof orderRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Order', '订单编号'), width: 22, value: (x) => x.orderNo },
    { header: h('Company', '申请单位'), width: 28, value: (x) => x.companyName },
    { header: h('Code', '项目编号'), width: 20, value: (x) => x.projectCode },
    { header: h('Project', '项目名称'), width: 36, value: (x) => x.projectName },
    { header: h('Beneficiary', '受益人'), width: 24, value: (x) => x.beneficiary },
    { header: h('Product', '保函产品'), width: 20, value: (x) => x.productName },
    { header: h('Kind', '保函类型'), width: 14, value: (x) => statusLabel('guarantee_kind', x.kind)[lang] },
    { header: h('Amount (yuan)', '担保金额（元）'), width: 16, value: (x) => x.amountFen / 100 },
    { header: h('Premium (yuan)', '保费（元）'), width: 14, value: (x) => x.premiumFen / 100 },
    { header: h('Status', '状态'), width: 14, value: (x) => statusLabel('order_status', x.status)[lang] },
    { header: h('Letter', '保函编号'), width: 22, value: (x) => x.letterNo ?? '' },
    {
      header: h('Valid', '有效期'),
      width: 24,
      value: (x) => (x.validFrom && x.validTo ? `${x.validFrom} — ${x.validTo}` : ''),
    },
    {
      header: h('Refund (yuan)', '退款（元）'),
      width: 14,
      value: (x) => (x.refundFen === null ? '' : x.refundFen / 100),
    },
    { header: h('Created', '创建时间'), width: 18, value: (x) => x.createdAt },
  ];
}

export async function guaranteesRoutes(
  app: FastifyInstance,
  { guarantees, checkLimit }: { guarantees: GuaranteesService; checkLimit: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['guarantees'];
  const publicCheck = { access: { public: true } as const, rateLimit: { max: checkLimit, timeWindow: 60_000 } };

  // Letter templates
  r.get('/api/guarantee/templates', {
    config: { access: { permission: P.list } },
    schema: { tags, summary: 'Letter templates', response: { 200: okWith({ data: z.array(templateRow) }) } },
    handler: async () => ({ code: 200 as const, msg: 'ok', data: await guarantees.templates() }),
  });
  r.post('/api/guarantee/templates', {
    config: { access: { permission: P.add }, idempotent: true },
    schema: {
      tags,
      summary: 'Add a letter template',
      body: templateBody,
      response: { 200: okWith({ data: templateRow }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'template added',
      data: await guarantees.createTemplate(req.user!, req.body),
    }),
  });
  r.get('/api/guarantee/templates/:id', {
    config: { access: { permission: P.query } },
    schema: { tags, summary: 'One letter template', params: idParam, response: { 200: okWith({ data: templateRow }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await guarantees.template(req.params.id) }),
  });
  r.put('/api/guarantee/templates/:id', {
    config: { access: { permission: P.edit } },
    schema: {
      tags,
      summary: 'Edit a letter template (issued letters keep their PDF)',
      params: idParam,
      body: templateBody,
      response: { 200: okWith({ data: templateRow }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'template saved',
      data: await guarantees.updateTemplate(req.user!, req.params.id, req.body),
    }),
  });
  r.delete('/api/guarantee/templates/:id', {
    config: { access: { permission: P.remove } },
    schema: { tags, summary: 'Remove a letter template no product uses', params: idParam },
    handler: (req) => okAfter(guarantees.removeTemplate(req.params.id), 'template removed'),
  });
  r.get('/api/guarantee/templates/:id/preview', {
    config: { access: { permission: P.query } },
    schema: { tags, summary: 'The template filled with sample values, as a PDF', params: idParam },
    handler: async (req, reply) => {
      const pdf = await guarantees.previewTemplate(req.params.id, originOf(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="preview.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  // Products
  r.get('/api/guarantee/products', {
    config: { access: { permission: P.list } },
    schema: { tags, summary: 'Guarantee products', response: { 200: okWith({ data: z.array(productRow) }) } },
    handler: async () => ({ code: 200 as const, msg: 'ok', data: await guarantees.products() }),
  });
  r.post('/api/guarantee/products', {
    config: { access: { permission: P.add }, idempotent: true },
    schema: {
      tags,
      summary: 'Add a guarantee product',
      body: productBody,
      response: { 200: okWith({ data: productRow }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'product added',
      data: await guarantees.createProduct(req.body),
    }),
  });
  r.get('/api/guarantee/products/export', {
    config: { access: { permission: P.export } },
    schema: { tags, summary: 'Export the guarantee products to Excel' },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const h = headerIn(lang);
      return sendExcel(
        reply,
        lang === 'zh' ? '保函产品.xlsx' : 'guarantee-products.xlsx',
        [
          { header: h('Name', '名称'), width: 24, value: (x) => (lang === 'zh' ? x.nameZh : x.name) },
          { header: h('Kind', '保函类型'), width: 16, value: (x) => statusLabel('guarantee_kind', x.kind)[lang] },
          {
            header: h('Rates', '费率'),
            width: 36,
            value: (x) =>
              x.rateTiers
                .map(([upTo, rate]) => `${upTo === null ? '∞' : yuan(upTo * 100)}: ${(rate * 100).toFixed(3)}%`)
                .join('; '),
          },
          {
            header: h('Minimum premium (yuan)', '最低保费（元）'),
            width: 16,
            value: (x) => x.minPremiumFen / 100,
          },
          { header: h('Validity (days)', '有效天数'), width: 14, value: (x) => String(x.validityDays) },
          {
            header: h('Auto-approve limit (yuan)', '自动出函额度（元）'),
            width: 18,
            value: (x) => x.autoApproveLimitFen / 100,
          },
          { header: h('Template', '保函模板'), width: 24, value: (x) => x.templateName },
          { header: h('On the shelf', '上架'), width: 10, value: (x) => (x.onShelf ? h('yes', '是') : h('no', '否')) },
        ],
        await guarantees.products(),
      );
    },
  });
  r.get('/api/guarantee/products/:id', {
    config: { access: { permission: P.query } },
    schema: {
      tags,
      summary: 'One guarantee product',
      params: idParam,
      response: { 200: okWith({ data: productRow }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await guarantees.product(req.params.id) }),
  });
  r.put('/api/guarantee/products/:id', {
    config: { access: { permission: P.edit } },
    schema: {
      tags,
      summary: 'Edit a guarantee product (orders keep the premium they were made with)',
      params: idParam,
      body: productBody,
      response: { 200: okWith({ data: productRow }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'product saved',
      data: await guarantees.updateProduct(req.params.id, req.body),
    }),
  });
  r.delete('/api/guarantee/products/:id', {
    config: { access: { permission: P.remove } },
    schema: { tags, summary: 'Remove a guarantee product no order uses', params: idParam },
    handler: (req) => okAfter(guarantees.removeProduct(req.params.id), 'product removed'),
  });

  // Suppliers
  r.get('/api/guarantee/shelf', {
    config: { access: { permission: Perm.web.order.list } },
    schema: {
      tags,
      summary: 'The products on the shelf, of one kind or all',
      querystring: z.object({ kind: z.enum(GUARANTEE_KINDS).optional() }),
      response: { 200: okWith({ data: z.array(productRow) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await guarantees.shelf(req.query.kind) }),
  });
  r.get('/api/guarantee/quote', {
    config: { access: { permission: Perm.web.order.list } },
    schema: {
      tags,
      summary: "The premium of a guaranteed amount under a product's tiers",
      querystring: quoteQuery,
      response: { 200: okWith({ data: quote }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await guarantees.quote(req.query.productId, req.query.amountFen),
    }),
  });
  r.get('/api/guarantee/my-applications', {
    config: { access: { permission: Perm.web.order.add } },
    schema: {
      tags,
      summary: "The company's applications a guarantee may be ordered for now, with the kinds each may take",
      response: { 200: okWith({ data: z.array(guaranteeApplication) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await guarantees.myApplications(req.user!) }),
  });
  r.post('/api/guarantee/orders', {
    config: { access: { permission: Perm.web.order.add }, idempotent: true },
    schema: {
      tags,
      summary: 'Order a guarantee (a draft; the server computes the premium)',
      body: orderBody,
      response: orderAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'order saved',
      data: await guarantees.createOrder(req.user!, req.body),
    }),
  });
  r.post('/api/guarantee/orders/:id/submit', {
    config: { access: { permission: Perm.web.order.add }, idempotent: true },
    schema: { tags, summary: 'Submit the draft order', params: idParam, response: orderAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'order submitted',
      data: await guarantees.submit(req.user!, req.params.id, originOf(req)),
    }),
  });
  r.post('/api/guarantee/orders/:id/voucher', {
    config: { access: { permission: Perm.web.order.add }, idempotent: true },
    schema: {
      tags,
      summary: "The bank-transfer voucher of the premium (the caller's own upload); finance confirms it",
      params: idParam,
      body: orderVoucherBody,
      response: orderAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'voucher submitted',
      data: await guarantees.giveVoucher(req.user!, req.params.id, req.body.voucher, originOf(req)),
    }),
  });
  r.post('/api/guarantee/orders/:id/cancel', {
    config: { access: { permission: Perm.web.order.cancel }, idempotent: true },
    schema: { tags, summary: 'Cancel an order not paid yet', params: idParam, response: orderAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'order cancelled',
      data: await guarantees.cancel(req.user!, req.params.id, originOf(req)),
    }),
  });
  r.post('/api/guarantee/orders/:id/surrender', {
    config: { access: { permission: Perm.web.order.cancel }, idempotent: true },
    schema: {
      tags,
      summary: 'Surrender an issued bid letter before the bid deadline, with the reason',
      params: idParam,
      body: surrenderBody,
      response: detailAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'letter surrendered',
      data: await guarantees.surrender(req.user!, req.params.id, req.body.reason, originOf(req)),
    }),
  });
  r.get('/api/guarantee/my-orders', {
    config: { access: { permission: Perm.web.order.list } },
    schema: {
      tags,
      summary: "The company's guarantee orders",
      querystring: orderQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(orderRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await guarantees.myOrders(req.user!, req.query, pageOf(req.query))),
    }),
  });
  r.get('/api/guarantee/my-letters', {
    config: { access: { permission: Perm.web.guarantee.list } },
    schema: {
      tags,
      summary: "The company's issued letters of guarantee, whatever became of them since",
      querystring: orderQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(orderRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await guarantees.myLetters(req.user!, req.query, pageOf(req.query))),
    }),
  });
  r.get('/api/guarantee/my-orders/:id', {
    config: { access: { permission: Perm.web.order.list } },
    schema: {
      tags,
      summary: "One of the company's orders, with its timeline and the claims on its letter",
      params: idParam,
      response: detailAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await guarantees.myOrder(req.user!, req.params.id),
    }),
  });

  // Staff
  r.get('/api/guarantee/orders', {
    config: { access: { permission: O.list } },
    schema: {
      tags,
      summary: 'Guarantee orders, by status, kind and keyword',
      querystring: orderQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(orderRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await guarantees.orders(req.query, pageOf(req.query))),
    }),
  });
  r.get('/api/guarantee/orders/export', {
    config: { access: { permission: O.export } },
    schema: { tags, summary: 'Export the filtered guarantee orders to Excel', querystring: orderQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '保函订单.xlsx' : 'guarantee-orders.xlsx', orderColumns(lang), (page) =>
        guarantees.orders(req.query, page).then((r) => r.rows),
      );
    },
  });
  r.get('/api/guarantee/letters', {
    config: { access: { permission: Perm.guarantee.letter.list } },
    schema: {
      tags,
      summary: 'Issued letters of guarantee, by status, kind and keyword',
      querystring: orderQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(orderRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await guarantees.letters(req.query, pageOf(req.query))),
    }),
  });
  r.get('/api/guarantee/letters/export', {
    config: { access: { permission: Perm.guarantee.letter.export } },
    schema: { tags, summary: 'Export the filtered issued letters to Excel', querystring: orderQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(
        reply,
        lang === 'zh' ? '已出保函.xlsx' : 'guarantee-letters.xlsx',
        orderColumns(lang),
        (page) => guarantees.letters(req.query, page).then((r) => r.rows),
      );
    },
  });
  r.get('/api/guarantee/orders/:id', {
    config: { access: { permission: O.list } },
    schema: {
      tags,
      summary: 'One guarantee order, with its timeline and the claims on its letter',
      params: idParam,
      response: detailAnswer,
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await guarantees.order(req.params.id) }),
  });
  r.post('/api/guarantee/orders/:id/confirm-payment', {
    config: { access: { permission: O.payment }, idempotent: true },
    schema: {
      tags,
      summary:
        "Finance confirms the premium's payment: issued at once within the auto-approve limit, else underwritten",
      params: idParam,
      response: orderAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'payment confirmed',
      data: await guarantees.confirmPayment(req.user!, req.params.id, originOf(req)),
    }),
  });
  r.post('/api/guarantee/orders/:id/return-payment', {
    config: { access: { permission: O.payment }, idempotent: true },
    schema: {
      tags,
      summary: 'Finance sends the voucher back, with the reason (the supplier gives another)',
      params: idParam,
      body: reasonBody,
      response: orderAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'voucher returned',
      data: await guarantees.returnPayment(req.user!, req.params.id, req.body.reason, originOf(req)),
    }),
  });
  r.post('/api/guarantee/orders/:id/issue', {
    config: { access: { permission: O.underwrite }, idempotent: true },
    schema: { tags, summary: 'Underwriting issues the letter', params: idParam, response: orderAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'letter issued',
      data: await guarantees.issue(req.user!, req.params.id, originOf(req)),
    }),
  });
  r.post('/api/guarantee/orders/:id/reject', {
    config: { access: { permission: O.underwrite }, idempotent: true },
    schema: {
      tags,
      summary: 'Underwriting rejects the order, with the reason and the refund recorded',
      params: idParam,
      body: rejectOrderBody,
      response: orderAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'order rejected',
      data: await guarantees.reject(req.user!, req.params.id, req.body.reason, req.body.refundFen, originOf(req)),
    }),
  });
  r.get('/api/guarantee/orders/:id/letter', {
    config: {
      access: {
        permission: [
          Perm.web.guarantee.download,
          Perm.web.order.list,
          O.list,
          Perm.guarantee.letter.list,
          Perm.guarantee.letter.query,
        ],
      },
    },
    schema: {
      tags,
      summary: "The letter's PDF: to the order's company, guarantee staff and finance",
      params: idParam,
    },
    handler: async (req, reply) => sendDownload(req, reply, await guarantees.letter(req.user!, req.params.id)),
  });

  // Public verification
  r.get('/api/public/letters/verify', {
    config: publicCheck,
    schema: {
      tags,
      summary: 'Verify a letter by its number and verification code',
      querystring: verifyLetterQuery,
      response: { 200: okWith({ data: letterVerification }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await guarantees.verify(req.query.letterNo, req.query.code),
    }),
  });
  r.post('/api/public/letters/verify-file', {
    config: publicCheck,
    schema: {
      tags,
      summary: 'Whether a PDF is, byte for byte, a letter the platform issued (by its SHA-256)',
      consumes: ['multipart/form-data'],
      response: { 200: okWith({ data: letterFileVerification }) },
    },
    handler: async (req) => {
      const noFile = text(
        'send the PDF as multipart/form-data in the field "file"',
        '请以 multipart/form-data 格式在 file 字段中上传 PDF',
      );
      if (!req.isMultipart()) throw badRequest(noFile);
      const part = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      if (!part) throw badRequest(noFile);
      const hash = createHash('sha256');
      for await (const chunk of part.file) hash.update(chunk as Buffer);
      if (part.file.truncated)
        throw badRequest(text('the file is larger than any letter the platform issues', '文件超过平台出具保函的大小'));
      return { code: 200 as const, msg: 'ok', data: await guarantees.verifyFile(hash.digest('hex')) };
    },
  });
}
