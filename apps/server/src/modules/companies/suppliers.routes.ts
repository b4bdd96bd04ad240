import {
  blacklistBody,
  supplierDetail,
  supplierFilter,
  supplierRow,
  supplierUserBody,
  supplierUserParams,
  type SupplierRow,
} from '@lvb/contracts/admin';
import {
  COMPANY_STATUS,
  companyStanding,
  companyStatusBody,
  companyWorkflow,
  type CompanyEvent,
} from '@lvb/contracts/company-workflow';
import { eventOf } from '@lvb/contracts/workflow';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { createdAnswer } from '../../lib/crud-routes.ts';
import { languageOf, type Language } from '../../i18n/text.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { createCompaniesService } from './companies.service.ts';

const perm = Perm.manager.user;

function supplierColumns(lang: Language): ExcelColumn<SupplierRow>[] {
  const h = headerIn(lang);
  return [
    { header: h('Company', '企业名称'), width: 36, value: (c) => c.compName },
    { header: h('Credit code', '统一社会信用代码'), width: 22, value: (c) => c.creditCode },
    { header: h('Contact', '联系人'), value: (c) => c.contactName },
    { header: h('Contact phone', '联系电话'), value: (c) => c.contactTel },
    { header: h('Registration no.', '工商注册号'), width: 20, value: (c) => c.induRegiNo },
    { header: h('Bank', '开户银行'), width: 24, value: (c) => c.bankName },
    { header: h('Account', '银行账号'), width: 24, value: (c) => c.accountNo },
    {
      header: h('Record', '信息'),
      value: (c) => (c.complete ? h('complete', '信息已完善') : h('incomplete', '信息未完善')),
    },
    { header: h('Status', '状态'), value: (c) => statusLabel('company_status', c.status)[lang] },
    { header: h('Blacklist reason', '拉黑原因'), width: 30, value: (c) => c.blacklistReason },
    { header: h('Registered', '注册时间'), width: 18, value: (c) => c.createdAt },
  ];
}

/** manager/user: supplier companies and their accounts: review, enable, disable, blacklist. */
export async function suppliersRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionService }) {
  const companies = createCompaniesService({ db, sessions });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['suppliers'];

  r.get('/api/manager/suppliers', {
    config: { access: { permission: perm.list } },
    schema: {
      tags,
      summary: 'List supplier companies',
      querystring: supplierFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(supplierRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await companies.suppliers(req.query, { offset: offsetOf(req.query), limit: req.query.pageSize })),
    }),
  });

  r.get('/api/manager/suppliers/export', {
    config: { access: { permission: perm.export } },
    schema: { tags, summary: 'Export the filtered supplier companies to Excel', querystring: supplierFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '供应商.xlsx' : 'suppliers.xlsx', supplierColumns(lang), (page) =>
        companies.exportSuppliers(req.query, page),
      );
    },
  });

  r.get('/api/manager/suppliers/:id', {
    config: { access: { permission: perm.query } },
    schema: {
      tags,
      summary: 'One supplier company with its accounts, the reason of its standing and its timeline',
      params: idParam,
      response: { 200: okWith({ data: supplierDetail.extend(companyStanding.shape) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await companies.supplier(req.params.id) }),
  });

  // The company's standing: each call fires one event of the company workflow, with the workflow
  // table's permissions and reason rule (the enable/disable switch is one call for two events).
  const may = (...events: CompanyEvent[]) => [
    ...new Set(events.flatMap((e) => eventOf(companyWorkflow, e).permissions)),
  ];

  r.put('/api/manager/suppliers/:id/status', {
    config: { access: { permission: may('enable', 'disable') }, idempotent: true },
    schema: {
      tags,
      summary: 'Enable (status 0) or disable (status 1, with the reason) a supplier company',
      params: idParam,
      body: companyStatusBody,
      response: { 200: ok },
    },
    handler: async (req) => {
      const event = req.body.status === COMPANY_STATUS.active ? 'enable' : 'disable';
      await companies.transition(req.user!, req.params.id, event, req.body.reason);
      return { code: 200 as const, msg: event === 'enable' ? 'company enabled' : 'company disabled' };
    },
  });

  r.put('/api/manager/suppliers/:id/blacklist', {
    config: { access: { permission: may('blacklist') }, idempotent: true },
    schema: {
      tags,
      summary: 'Blacklist a supplier company, with the reason',
      params: idParam,
      body: blacklistBody,
      response: { 200: ok },
    },
    handler: async (req) =>
      okAfter(companies.transition(req.user!, req.params.id, 'blacklist', req.body.reason), 'company blacklisted'),
  });

  r.post('/api/manager/suppliers/:id/users', {
    config: { access: { permission: perm.add } },
    schema: {
      tags,
      summary: 'Add an account to a supplier company (it signs in with its phone number)',
      params: idParam,
      body: supplierUserBody,
      response: { 200: createdAnswer },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'account added',
      data: { id: await companies.addUser(req.params.id, req.body) },
    }),
  });

  r.delete('/api/manager/suppliers/:id/users/:userId', {
    config: { access: { permission: perm.remove } },
    schema: {
      tags,
      summary: 'Remove an account of a supplier company; its sessions end',
      params: supplierUserParams,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(companies.removeUser(req.params.id, req.params.userId), 'removed'),
  });

  r.delete('/api/manager/suppliers/:id/blacklist', {
    config: { access: { permission: may('lift_blacklist') }, idempotent: true },
    schema: { tags, summary: 'Lift the blacklisting of a supplier company', params: idParam, response: { 200: ok } },
    handler: async (req) =>
      okAfter(companies.transition(req.user!, req.params.id, 'lift_blacklist'), 'blacklisting lifted'),
  });
}
