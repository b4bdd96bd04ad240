import {
  blacklistBody,
  supplierDetail,
  supplierFilter,
  supplierRow,
  supplierUserBody,
  supplierUserParams,
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
import { EXPORT_MAX_ROWS, sendExcel } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { createCompaniesService } from './companies.service.ts';

const STATUS_TEXT: Record<string, string> = { '0': 'Active', '1': 'Disabled', '2': 'Blacklisted' };
const perm = Perm.manager.user;

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
      const rows = await companies.exportSuppliers(req.query, EXPORT_MAX_ROWS);
      return sendExcel(
        reply,
        'suppliers.xlsx',
        [
          { header: 'Company', width: 36, value: (c) => c.compName },
          { header: 'Credit code', width: 22, value: (c) => c.creditCode },
          { header: 'Contact', value: (c) => c.contactName },
          { header: 'Contact phone', value: (c) => c.contactTel },
          { header: 'Registration no.', width: 20, value: (c) => c.induRegiNo },
          { header: 'Bank', width: 24, value: (c) => c.bankName },
          { header: 'Account', width: 24, value: (c) => c.accountNo },
          { header: 'Record', value: (c) => (c.complete ? 'Complete' : 'Incomplete') },
          { header: 'Status', value: (c) => STATUS_TEXT[c.status] ?? c.status },
          { header: 'Blacklist reason', width: 30, value: (c) => c.blacklistReason },
          { header: 'Registered', width: 22, value: (c) => c.createdAt },
        ],
        rows,
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
