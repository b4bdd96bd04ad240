import { randomBytes } from 'node:crypto';
import { RoleKey } from '@lvb/contracts/access';
import type { ownerOrganisationBody, personBody } from '@lvb/contracts/admin';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { accountsRepository, departmentMemberCount } from '../accounts/accounts.repository.ts';
import { departmentsRepository } from '../departments/departments.repository.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import { rolesRepository } from '../roles/roles.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';

/** The back-office functions of the bidperson pages, each with its roles and home department. */
export const FUNCTIONS = {
  staff: { roles: [RoleKey.guarantor, RoleKey.finance], dept: 'Operations' },
  auditors: { roles: [RoleKey.auditor], dept: 'Audit' },
  supervisors: { roles: [RoleKey.supervisor], dept: 'Supervision' },
  owners: { roles: [RoleKey.owner], dept: null },
} as const;
export type FunctionName = keyof typeof FUNCTIONS;

type PersonInput = z.output<typeof personBody>;
type OrganisationInput = z.output<typeof ownerOrganisationBody>;

const OWNERS_BRANCH = 'Owners';
/** Is the role key one of a function's (the functions' keys are literal types). */
const isOneOf = (keys: readonly string[], key: string) => keys.includes(key);

interface Deps {
  db: Db;
  employees: EmployeesService;
  sms: SmsProvider;
}

/**
 * bidperson/adminuser, auditperson, jjperson, yezhu: the people of each back-office function,
 * created with the function's role in one step; owner organisations and their account requests.
 */
export function createPeopleService({ db, employees, sms }: Deps) {
  const ownersBranch = () => departmentsRepository.findBranch(db, OWNERS_BRANCH);

  /** The department and roles a person of the function gets. */
  async function placement(fn: FunctionName, body: PersonInput) {
    const def = FUNCTIONS[fn];
    let roleKeys: readonly string[] = def.roles;
    if (fn === 'staff') {
      if (!body.roleKey || !isOneOf(def.roles, body.roleKey))
        throw badRequest(text('roleKey: choose guarantee staff or finance', '请选择保函人员或财务人员'));
      roleKeys = [body.roleKey];
    }
    let deptId = body.deptId;
    if (fn === 'owners') {
      const branch = await ownersBranch();
      const org = deptId ? await departmentsRepository.findById(db, deptId) : undefined;
      if (!org || org.kind !== 'organisation' || !branch || !`,${org.ancestors},`.includes(`,${branch.id},`)) {
        throw badRequest(text('deptId: choose the owner organisation', '请选择业主单位'));
      }
    } else if (!deptId) {
      deptId = (await departmentsRepository.findByName(db, def.dept!))?.id;
      if (!deptId)
        throw badRequest(text(`deptId: the ${def.dept} department does not exist`, `部门“${def.dept}”不存在`));
    }
    return { deptId: deptId!, roleIds: await rolesRepository.idsOfKeys(db, roleKeys) };
  }

  /** A person of this function, visible to the actor. */
  async function member(actor: SignedInUser, fn: FunctionName, id: number) {
    const person = await employees.get(actor, id);
    if (!person.roles.some((x) => isOneOf(FUNCTIONS[fn].roles, x.roleKey)))
      throw notFound(text('user does not exist', '用户不存在'));
    return person;
  }

  async function createOrganisation(body: OrganisationInput) {
    const branch = await ownersBranch();
    if (!branch) throw notFound(text('the Owners department does not exist', '部门“Owners”不存在'));
    if (await departmentsRepository.findChild(db, branch.id, body.name))
      throw conflict(text('an owner organisation with this name already exists', '同名业主单位已存在'));
    return departmentsRepository.insert(db, {
      name: body.name,
      leader: body.leader,
      phone: body.phone || null,
      kind: 'organisation',
      parentId: branch.id,
      ancestors: `${branch.ancestors},${branch.id}`,
    });
  }

  async function pendingRequest(id: number) {
    const request = await accountsRepository.requests.findById(db, id);
    if (!request) throw notFound(text('request does not exist', '申请不存在'));
    if (request.status !== 'pending') throw badRequest(text('this request has already been reviewed', '该申请已审核'));
    return request;
  }

  return {
    list: (actor: SignedInUser, fn: FunctionName, f: object, page: { offset: number; limit: number }) =>
      employees.list(actor, { ...f, roleKeys: [...FUNCTIONS[fn].roles] }, page),

    /** One person of the function, as their edit form shows them. */
    get: member,

    async create(actor: SignedInUser, fn: FunctionName, body: PersonInput & { password: string }) {
      return employees.create(actor, { ...body, ...(await placement(fn, body)) });
    },

    async update(actor: SignedInUser, fn: FunctionName, id: number, body: PersonInput) {
      const current = await member(actor, fn, id);
      const place = await placement(fn, body);
      // Roles of other functions the person holds stay as they are.
      const others = current.roles.filter((x) => !isOneOf(FUNCTIONS[fn].roles, x.roleKey)).map((x) => x.roleId);
      await employees.update(actor, id, { ...body, deptId: place.deptId, roleIds: [...others, ...place.roleIds] });
    },

    async setStatus(actor: SignedInUser, fn: FunctionName, id: number, status: string) {
      await member(actor, fn, id);
      await employees.setStatus(actor, id, status);
    },

    async resetPassword(actor: SignedInUser, fn: FunctionName, id: number, password: string) {
      await member(actor, fn, id);
      await employees.resetPassword(actor, id, password);
    },

    async remove(actor: SignedInUser, fn: FunctionName, ids: number[]) {
      for (const id of ids) await member(actor, fn, id);
      await employees.remove(actor, ids);
    },

    /** Owner organisations with their staff counts. */
    async organisations() {
      const branch = await ownersBranch();
      if (!branch) return [];
      return departmentsRepository.organisationsUnder(db, branch.id, (id) => ({
        staffCount: departmentMemberCount(id),
      }));
    },

    createOrganisation,

    requests: (status: string | undefined, page: { offset: number; limit: number }) =>
      accountsRepository.requests.page(db, status, page),

    /** Approves a request: the organisation and its account are created, the password goes by SMS. */
    async approve(actor: SignedInUser, id: number) {
      const request = await pendingRequest(id);
      const branch = await ownersBranch();
      const existing = branch ? await departmentsRepository.findChild(db, branch.id, request.orgName) : undefined;
      const orgId =
        existing?.id ??
        (await createOrganisation({ name: request.orgName, leader: request.contactName, phone: request.tel }));
      const initial = `Ow${randomBytes(6).toString('base64url')}9`;
      const userId = await employees.create(actor, {
        loginUid: request.loginUid,
        name: request.contactName,
        tel: request.tel,
        deptId: orgId,
        roleIds: await rolesRepository.idsOfKeys(db, [RoleKey.owner]),
        status: '0',
        password: initial,
      });
      await accountsRepository.requests.review(db, request.id, 'approved', null);
      await sms.send(
        request.tel,
        `Your back-office account "${request.loginUid}" has been approved. Initial password: ${initial}. Please change it after signing in.`,
      );
      return userId;
    },

    async reject(id: number, reason: string) {
      const request = await pendingRequest(id);
      await accountsRepository.requests.review(db, request.id, 'rejected', reason);
      await sms.send(request.tel, `Your back-office account request was not approved: ${reason}`);
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
