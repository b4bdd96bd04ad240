import {
  accountRequestRow,
  accountRequestStatus,
  employeeFilter,
  employeeRow,
  ownerOrganisationBody,
  ownerOrganisationRow,
  personBody,
  personCreateBody,
  rejectBody,
  resetPasswordBody,
  statusBody,
} from '@lvb/contracts/admin';
import { accountRequestWorkflow, type AccountRequestEvent } from '@lvb/contracts/account-request-workflow';
import { Perm } from '@lvb/contracts/permissions';
import { eventOf } from '@lvb/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languageOf, text, type Text } from '../../i18n/text.ts';
import { headerIn, streamExcel } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { employeeSheet } from '../employees/employees.routes.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { FUNCTIONS, createPeopleService, type FunctionName } from './people.service.ts';

interface Deps {
  db: Db;
  employees: EmployeesService;
  sms: SmsProvider;
}

/** The permissions of each function's pages. */
const PERMS = {
  staff: Perm.people.staff,
  auditors: Perm.people.auditor,
  supervisors: Perm.people.supervisor,
  owners: Perm.people.owner,
} as const satisfies Record<FunctionName, unknown>;

/** Each function's export file, named as its page. */
const FILE_NAMES: Record<FunctionName, Text> = {
  staff: text('staff', '平台人员'),
  auditors: text('auditors', '审核人员'),
  supervisors: text('supervisors', '监督人员'),
  owners: text('owners', '业主人员'),
};

/**
 * bidperson/adminuser, auditperson, jjperson, yezhu: the people of each back-office function,
 * created with the function's role in one step; owner organisations and their account requests.
 */
export async function peopleRoutes(app: FastifyInstance, { db, employees, sms }: Deps) {
  const people = createPeopleService({ db, employees, sms });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['people'];

  for (const fn of Object.keys(FUNCTIONS) as FunctionName[]) {
    const perm = PERMS[fn];
    const base = `/api/people/${fn}`;
    const filter = employeeFilter.omit({ roleKey: true });

    r.get(base, {
      config: { access: { permission: perm.list } },
      schema: {
        tags,
        summary: `List ${fn}`,
        querystring: filter.extend(pageQuery.shape),
        response: { 200: listAnswer(employeeRow) },
      },
      handler: async (req) => {
        const { pageNum: _p, pageSize, ...f } = req.query;
        const page = await people.list(req.user!, fn, f, { offset: offsetOf(req.query), limit: pageSize });
        return { code: 200 as const, msg: 'ok', ...page };
      },
    });

    r.get(`${base}/export`, {
      config: { access: { permission: perm.export } },
      schema: { tags, summary: `Export ${fn} to Excel`, querystring: filter },
      handler: async (req, reply) => {
        const lang = languageOf(req);
        const h = headerIn(lang);
        const dept = { header: fn === 'owners' ? h('Organisation', '所属单位') : h('Department', '部门'), width: 28 };
        return streamExcel(reply, `${FILE_NAMES[fn][lang]}.xlsx`, employeeSheet(lang, dept, 24), (page) =>
          people.list(req.user!, fn, req.query, page).then((r) => r.rows),
        );
      },
    });

    r.get(`${base}/:id`, {
      // The edit form reads the person as they are now: its editors may read them too.
      config: { access: { permission: [perm.query, perm.edit] } },
      schema: {
        tags,
        summary: `One person of ${fn}`,
        params: idParam,
        response: { 200: okWith({ data: employeeRow }) },
      },
      handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await people.get(req.user!, fn, req.params.id) }),
    });

    r.post(base, {
      config: { access: { permission: perm.add } },
      schema: {
        tags,
        summary: `Create a person of ${fn} with the function's role`,
        body: personCreateBody,
        response: { 200: okWith({ data: z.object({ userId: z.number() }) }) },
      },
      handler: async (req) => ({
        code: 200 as const,
        msg: 'user created',
        data: { userId: await people.create(req.user!, fn, req.body) },
      }),
    });

    r.put(`${base}/:id`, {
      config: { access: { permission: perm.edit } },
      schema: { tags, summary: `Edit a person of ${fn}`, params: idParam, body: personBody, response: { 200: ok } },
      handler: async (req) => okAfter(people.update(req.user!, fn, req.params.id, req.body), 'user saved'),
    });

    r.put(`${base}/:id/status`, {
      config: { access: { permission: perm.edit } },
      schema: {
        tags,
        summary: `Enable or disable a person of ${fn}`,
        params: idParam,
        body: statusBody,
        response: { 200: ok },
      },
      handler: async (req) => {
        await people.setStatus(req.user!, fn, req.params.id, req.body.status);
        return { code: 200 as const, msg: req.body.status === '0' ? 'user enabled' : 'user disabled' };
      },
    });

    r.put(`${base}/:id/password`, {
      config: { access: { permission: perm.edit } },
      schema: {
        tags,
        summary: `Reset the password of a person of ${fn}`,
        params: idParam,
        body: resetPasswordBody,
        response: { 200: ok },
      },
      handler: async (req) =>
        okAfter(people.resetPassword(req.user!, fn, req.params.id, req.body.password), 'password reset'),
    });

    r.delete(`${base}/:ids`, {
      config: { access: { permission: perm.remove } },
      schema: { tags, summary: `Remove people of ${fn}`, params: idsParam, response: { 200: ok } },
      handler: async (req) => okAfter(people.remove(req.user!, fn, req.params.ids), 'removed'),
    });
  }

  // Owner organisations.
  r.get('/api/people/owner-organisations', {
    config: { access: { permission: Perm.people.owner.list } },
    schema: {
      tags,
      summary: 'Owner organisations with their staff counts',
      response: { 200: okWith({ data: z.array(ownerOrganisationRow) }) },
    },
    handler: async () => ({ code: 200 as const, msg: 'ok', data: await people.organisations() }),
  });

  r.post('/api/people/owner-organisations', {
    config: { access: { permission: Perm.people.owner.add } },
    schema: {
      tags,
      summary: 'Create an owner organisation',
      body: ownerOrganisationBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'organisation created',
      data: { id: await people.createOrganisation(req.body) },
    }),
  });

  r.get('/api/people/owner-requests', {
    config: { access: { permission: Perm.people.owner.list } },
    schema: {
      tags,
      summary: 'Back-office account requests of owner organisations',
      querystring: pageQuery.extend({ status: accountRequestStatus.optional() }),
      response: { 200: listAnswer(accountRequestRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await people.requests(req.query.status, { offset: offsetOf(req.query), limit: req.query.pageSize })),
    }),
  });

  // The review: one call per event of the account request workflow, with its permissions and reason rule.
  const may = (event: AccountRequestEvent) => [...eventOf(accountRequestWorkflow, event).permissions];

  r.post('/api/people/owner-requests/:id/approve', {
    config: { access: { permission: may('approve') }, idempotent: true },
    schema: {
      tags,
      summary: 'Approve a request: the organisation and its account are created, the password goes by SMS',
      params: idParam,
      response: { 200: okWith({ data: z.object({ userId: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'request approved: the initial password was sent by SMS',
      data: { userId: await people.approve(req.user!, req.params.id) },
    }),
  });

  r.post('/api/people/owner-requests/:id/reject', {
    config: { access: { permission: may('reject') }, idempotent: true },
    schema: {
      tags,
      summary: 'Reject a request, with the reason',
      params: idParam,
      body: rejectBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(people.reject(req.user!, req.params.id, req.body.reason), 'request rejected'),
  });
}
