import {
  acceptanceBody,
  completionDetail,
  completionQuery,
  completionRow,
  contractBody,
  feeQuery,
  feeRow,
  voucherBody,
} from '@lvb/contracts/completion';
import { FEE_STATUSES } from '@lvb/contracts/fee-workflow';
import { Perm } from '@lvb/contracts/permissions';
import { reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../i18n/text.ts';
import { sendDownload } from '../../lib/download.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { CompletionService } from './completion.service.ts';

/** Who reads what follows an award: the contract, fee and acceptance pages, and the result auditors. */
const COMPLETION_READERS = [
  Perm.selection.contract.list,
  Perm.selection.contract.query,
  Perm.bid.acceptance.query,
  Perm.selection.fee.list,
  Perm.bid.acceptance.list,
  Perm.audit.result.list,
  Perm.selection.result.list,
];
/** An amount in fen as yuan, the spreadsheet's number; none when there is none. */
const yuanOf = (fen: number | null) => (fen === null ? '' : fen / 100);
const stepAnswer = { 200: okWith({ data: z.object({ projectId: z.number(), status: z.string() }) }) };
const feeAnswer = { 200: okWith({ data: z.object({ id: z.number(), status: z.enum(FEE_STATUSES) }) }) };

/**
 * `mandraw/improve` (the contract), `mandraw/fee` (the service fee: the winner's voucher,
 * finance's decision), `bidmanager/bidys` (the acceptance), and the award notice's PDF. Every
 * step takes an Idempotency-Key.
 */
export async function completionRoutes(app: FastifyInstance, { completion }: { completion: CompletionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['completion'];

  r.get('/api/completion', {
    config: { access: { permission: [Perm.selection.contract.list, Perm.bid.acceptance.list] } },
    schema: {
      tags,
      summary: 'Projects from the award on, with their contract, service fee and acceptance',
      querystring: completionQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(completionRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await completion.list(req.user!, req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/completion/export', {
    config: { access: { permission: [Perm.selection.contract.export, Perm.bid.acceptance.export] } },
    schema: { tags, summary: 'Export the filtered projects after their award to Excel', querystring: completionQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const h = headerIn(lang);
      const columns: ExcelColumn<z.output<typeof completionRow>>[] = [
        { header: h('Code', '项目编号'), width: 20, value: (x) => x.code },
        { header: h('Project', '项目名称'), width: 36, value: (x) => x.name },
        { header: h('Owner', '业主单位'), width: 24, value: (x) => x.ownerName },
        { header: h('Status', '状态'), width: 14, value: (x) => statusLabel('project_status', x.status)[lang] },
        { header: h('Winner', '中选单位'), width: 28, value: (x) => x.winnerName ?? '' },
        { header: h('Award (yuan)', '中选金额（元）'), width: 16, value: (x) => yuanOf(x.awardFen) },
        { header: h('Contract', '合同编号'), width: 18, value: (x) => x.contractNo ?? '' },
        { header: h('Service fee (yuan)', '服务费（元）'), width: 14, value: (x) => yuanOf(x.feeFen) },
        {
          header: h('Fee status', '缴费状态'),
          width: 14,
          value: (x) => (x.feeStatus ? statusLabel('fee_status', x.feeStatus)[lang] : ''),
        },
        {
          header: h('Acceptance', '验收结论'),
          width: 14,
          value: (x) => (x.acceptance ? statusLabel('acceptance_conclusion', x.acceptance)[lang] : ''),
        },
      ];
      return streamExcel(reply, lang === 'zh' ? '合同与验收.xlsx' : 'contracts-and-acceptance.xlsx', columns, (page) =>
        completion.list(req.user!, req.query, page).then((r) => r.rows),
      );
    },
  });

  r.get('/api/results/:id/completion', {
    config: { access: { permission: COMPLETION_READERS } },
    schema: {
      tags,
      summary: "A project's contract, service fee, award notice and acceptance",
      params: idParam,
      response: { 200: okWith({ data: completionDetail }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await completion.detail(req.user!, req.params.id),
    }),
  });

  r.post('/api/results/:id/contract', {
    config: { access: { permission: Perm.selection.contract.add }, idempotent: true },
    schema: {
      tags,
      summary: 'The owner records the contract signed with the confirmed winner (to contracted)',
      params: idParam,
      body: contractBody,
      response: stepAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'contract recorded',
      data: await completion.recordContract(req.user!, req.params.id, req.body),
    }),
  });

  r.post('/api/results/:id/acceptance', {
    config: { access: { permission: Perm.bid.acceptance.add }, idempotent: true },
    schema: {
      tags,
      summary: 'The owner records the acceptance of the works (to accepted; completed with the fee settled)',
      params: idParam,
      body: acceptanceBody,
      response: stepAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'acceptance recorded',
      data: await completion.recordAcceptance(req.user!, req.params.id, req.body),
    }),
  });

  r.post('/api/results/:id/fee/voucher', {
    config: { access: { permission: Perm.web.project.list }, idempotent: true },
    schema: {
      tags,
      summary: 'The winner gives the bank-transfer voucher of its service fee (again after a rejection)',
      params: idParam,
      body: voucherBody,
      response: feeAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'voucher submitted',
      data: await completion.submitVoucher(req.user!, req.params.id, req.body.voucher),
    }),
  });

  r.get('/api/results/:id/award-notice', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: "The award notice's PDF: to the winner, the owner's staff, finance and the result auditors",
      params: idParam,
    },
    handler: async (req, reply) => sendDownload(req, reply, await completion.awardNotice(req.user!, req.params.id)),
  });

  r.get('/api/fees', {
    config: { access: { permission: Perm.selection.fee.list } },
    schema: {
      tags,
      summary: "Service fees of the projects in the caller's scope, by status",
      querystring: feeQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(feeRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await completion.fees(req.user!, req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/fees/export', {
    config: { access: { permission: Perm.selection.fee.list } },
    schema: { tags, summary: 'Export the filtered service fees to Excel', querystring: feeQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const h = headerIn(lang);
      const columns: ExcelColumn<z.output<typeof feeRow>>[] = [
        { header: h('Code', '项目编号'), width: 20, value: (x) => x.code },
        { header: h('Project', '项目名称'), width: 36, value: (x) => x.name },
        { header: h('Owner', '业主单位'), width: 24, value: (x) => x.ownerName },
        { header: h('Winner', '中选单位'), width: 28, value: (x) => x.companyName },
        { header: h('Award (yuan)', '中选金额（元）'), width: 16, value: (x) => x.awardFen / 100 },
        { header: h('Service fee (yuan)', '服务费（元）'), width: 14, value: (x) => x.feeFen / 100 },
        { header: h('Status', '状态'), width: 14, value: (x) => statusLabel('fee_status', x.status)[lang] },
        { header: h('Voucher given', '凭证上传时间'), width: 18, value: (x) => x.voucherAt },
        { header: h('Rejection reason', '退回原因'), width: 30, value: (x) => x.rejectReason ?? '' },
      ];
      return streamExcel(reply, lang === 'zh' ? '服务费.xlsx' : 'service-fees.xlsx', columns, (page) =>
        completion.fees(req.user!, req.query, page).then((r) => r.rows),
      );
    },
  });

  r.post('/api/fees/:id/confirm', {
    config: { access: { permission: Perm.selection.fee.confirm }, idempotent: true },
    schema: {
      tags,
      summary: 'Finance confirms the voucher: the award notice is issued',
      params: idParam,
      response: feeAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'payment confirmed',
      data: await completion.decideFee(req.user!, req.params.id, 'confirm'),
    }),
  });

  r.post('/api/fees/:id/reject', {
    config: { access: { permission: Perm.selection.fee.confirm }, idempotent: true },
    schema: {
      tags,
      summary: 'Finance rejects the voucher, with the reason',
      params: idParam,
      body: reasonBody,
      response: feeAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'voucher rejected',
      data: await completion.decideFee(req.user!, req.params.id, 'reject', req.body.reason),
    }),
  });
}
