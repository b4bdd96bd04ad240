import {
  applicationGuarantee,
  claimBody,
  claimQuery,
  claimRow,
  letterChoice,
  takeLetterBody,
} from '@lvb/contracts/guarantees';
import { Perm } from '@lvb/contracts/permissions';
import { reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, type Language } from '../../i18n/text.ts';
import { sendDownload } from '../../lib/download.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { GuaranteeClaimsService } from './guarantee-claims.service.ts';

const claimAnswer = { 200: okWith({ data: claimRow }) };
const L = Perm.guarantee.letter;
/** Who reads the letter an application holds: the staff of the applications' pages, in their scope. */
const APPLICATION_READERS = [Perm.bid.apply.list, Perm.bid.apply.query, Perm.bid.check.list];

function claimColumns(lang: Language): ExcelColumn<z.output<typeof claimRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Claim', '索赔编号'), width: 22, value: (x) => x.claimNo },
    { header: h('Letter', '保函编号'), width: 22, value: (x) => x.letterNo },
    { header: h('Applicant', '申请单位'), width: 28, value: (x) => x.companyName },
    { header: h('Beneficiary', '受益人'), width: 24, value: (x) => x.beneficiary },
    { header: h('Code', '项目编号'), width: 20, value: (x) => x.projectCode },
    { header: h('Project', '项目名称'), width: 36, value: (x) => x.projectName },
    { header: h('Guaranteed (yuan)', '担保金额（元）'), width: 16, value: (x) => x.letterAmountFen / 100 },
    { header: h('Claimed (yuan)', '索赔金额（元）'), width: 16, value: (x) => x.amountFen / 100 },
    { header: h('Reason', '索赔理由'), width: 40, value: (x) => x.reason },
    { header: h('Status', '状态'), width: 12, value: (x) => statusLabel('claim_status', x.status)[lang] },
    { header: h('Decision', '处理意见'), width: 30, value: (x) => x.statusReason ?? '' },
    { header: h('Filed', '索赔时间'), width: 18, value: (x) => x.createdAt },
  ];
}

/**
 * The letter in an application's hands and the claims on it: the supplier's application takes a
 * letter (`web/project`), the owner reads it and claims as the beneficiary (`bidmanager/bidapply`),
 * guarantee staff pay or refuse claims (`manager/gl`). Every POST takes an Idempotency-Key.
 */
export async function guaranteeClaimsRoutes(app: FastifyInstance, { claims }: { claims: GuaranteeClaimsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['guarantees'];

  r.get('/api/supplier/applications/:id/letters', {
    config: { access: { permission: Perm.web.project.list } },
    schema: {
      tags,
      summary: "The company's issued bid letters for the application's project, and whether each suffices",
      params: idParam,
      response: { 200: okWith({ data: z.array(letterChoice) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await claims.letterChoices(req.user!, req.params.id),
    }),
  });
  r.put('/api/supplier/applications/:id/guarantee', {
    config: { access: { permission: Perm.web.project.list } },
    schema: {
      tags,
      summary:
        'The application takes an issued letter of its company (orderId) or names a letter from elsewhere (letterNo), before its check',
      params: idParam,
      body: takeLetterBody,
      response: { 200: okWith({ data: applicationGuarantee }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'letter taken',
      data: await claims.takeLetter(req.user!, req.params.id, req.body),
    }),
  });

  r.get('/api/applications/:id/guarantee', {
    config: { access: { permission: APPLICATION_READERS } },
    schema: {
      tags,
      summary: 'The letter an application in the caller’s scope holds, verified or not, with the claims on it',
      params: idParam,
      response: { 200: okWith({ data: applicationGuarantee.nullable() }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await claims.ofApplication(req.user!, req.params.id),
    }),
  });
  r.get('/api/applications/:id/guarantee/letter', {
    config: { access: { permission: APPLICATION_READERS } },
    schema: { tags, summary: "The PDF of the platform's letter an application holds", params: idParam },
    handler: async (req, reply) => sendDownload(req, reply, await claims.letterOfApplication(req.user!, req.params.id)),
  });

  r.post('/api/guarantee/claims', {
    config: { access: { permission: Perm.bid.apply.claim }, idempotent: true },
    schema: {
      tags,
      summary: 'The beneficiary claims on the letter an application holds, with the reason and files',
      body: claimBody,
      response: claimAnswer,
    },
    handler: async (req) => ({ code: 200 as const, msg: 'claim filed', data: await claims.file(req.user!, req.body) }),
  });
  r.get('/api/guarantee/claims', {
    config: { access: { permission: [L.list, L.claim] } },
    schema: {
      tags,
      summary: 'Claims on issued letters, by status and keyword',
      querystring: claimQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(claimRow) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await claims.list(req.query, pageOf(req.query))) }),
  });
  r.get('/api/guarantee/claims/export', {
    config: { access: { permission: L.export } },
    schema: { tags, summary: 'Export the filtered claims to Excel', querystring: claimQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '保函索赔.xlsx' : 'guarantee-claims.xlsx', claimColumns(lang), (page) =>
        claims.list(req.query, page).then((r) => r.rows),
      );
    },
  });
  r.get('/api/guarantee/claims/:id', {
    config: { access: { permission: [L.list, L.claim] } },
    schema: { tags, summary: 'One claim', params: idParam, response: claimAnswer },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await claims.get(req.params.id) }),
  });
  r.post('/api/guarantee/claims/:id/pay', {
    config: { access: { permission: L.claim }, idempotent: true },
    schema: { tags, summary: 'Pay the claim: the letter ends claimed', params: idParam, response: claimAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'claim paid',
      data: await claims.decide(req.user!, req.params.id, 'pay'),
    }),
  });
  r.post('/api/guarantee/claims/:id/refuse', {
    config: { access: { permission: L.claim }, idempotent: true },
    schema: {
      tags,
      summary: 'Refuse the claim, with the reason: the letter stays in force',
      params: idParam,
      body: reasonBody,
      response: claimAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'claim refused',
      data: await claims.decide(req.user!, req.params.id, 'refuse', req.body.reason),
    }),
  });
}
