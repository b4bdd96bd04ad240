import { randomBytes } from 'node:crypto';
import { RoleKey } from '@lvb/contracts/access';
import type { ownerOrganisationBody, personBody } from '@lvb/contracts/admin';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { createAccountRequestMachine, type AccountRequestMachineDeps } from '../accounts/account-requests.machine.ts';
import { accountsRepository, departmentMemberCount, type AccountRequestRow } from '../accounts/accounts.repository.ts';
import { departmentsRepository } from '../departments/departments.repository.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import { rolesRepository } from '../roles/roles.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { smsInBothLanguages } from '../sms/sms-text.ts';

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

/** Only an approval, with its account, may approve a request. */
const refuseApproval: AccountRequestMachineDeps['openAccount'] = async () => {
  throw new Error('an account request is approved through `approve`, which makes its account');
};
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
  const ownersBranch = (conn: Db = db) => departmentsRepository.findBranch(conn, OWNERS_BRANCH);

  /**
   * Creates the organisation (when new) and the owner account of an approved request, inside the
   * approval's transaction (`tx`), and answers the account with its initial password.
   */
  async function openAccount(tx: Tx, request: AccountRequestRow, actor: SignedInUser) {
    const branch = await ownersBranch(tx);
    const existing = branch ? await departmentsRepository.findChild(tx, branch.id, request.orgName) : undefined;
    const orgId =
      existing?.id ??
      (await createOrganisation({ name: request.orgName, leader: request.contactName, phone: request.tel }, tx));
    const password = `Ow${randomBytes(6).toString('base64url')}9`;
    const userId = await employees.create(
      actor,
      {
        loginUid: request.loginUid,
        name: request.contactName,
        tel: request.tel,
        deptId: orgId,
        roleIds: await rolesRepository.idsOfKeys(tx, [RoleKey.owner]),
        status: '0',
        password,
      },
      tx,
    );
    return { userId, password };
  }

  /**
   * The account request machine. Its approval effect is given per approval: the account it makes
   * and the password the approver then sends belong to that one call.
   */
  const requestMachine = (onApprove: AccountRequestMachineDeps['openAccount'] = refuseApproval) =>
    createAccountRequestMachine({ openAccount: onApprove });

  /** The request `id`, or 404; its status is judged by the machine, under the row's lock. */
  async function existingRequest(id: number) {
    const request = await accountsRepository.requests.findById(db, id);
    if (!request) throw notFound(text('request does not exist', '申请不存在'));
    return request;
  }

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

  /** Creates an owner organisation; inside `conn` when it belongs to an approval's transaction. */
  async function createOrganisation(body: OrganisationInput, conn: Db = db) {
    const branch = await ownersBranch(conn);
    if (!branch) throw notFound(text('the Owners department does not exist', '部门“Owners”不存在'));
    if (await departmentsRepository.findChild(conn, branch.id, body.name))
      throw conflict(text('an owner organisation with this name already exists', '同名业主单位已存在'));
    return departmentsRepository.insert(conn, {
      name: body.name,
      leader: body.leader,
      phone: body.phone || null,
      kind: 'organisation',
      parentId: branch.id,
      ancestors: `${branch.ancestors},${branch.id}`,
    });
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

    /**
     * Approves a request (the account request machine): the organisation (when new) and its owner
     * account are created in the approval's transaction; the initial password goes by SMS once it
     * has committed. A racing approval finds the request approved: 409, nothing created.
     */
    async approve(actor: SignedInUser, id: number) {
      await existingRequest(id);
      let account: { userId: number; password: string } | undefined;
      const request = await requestMachine(async (tx, row) => {
        account = await openAccount(tx, row, actor);
      }).fire(db, id, { event: 'approve', actor });
      if (!account) throw new Error(`account request ${id} approved without its account`);
      await sms.send(
        request.tel,
        smsInBothLanguages(
          text(
            `Your back-office account "${request.loginUid}" has been approved. Initial password: ${account.password}. Please change it after signing in.`,
            `您的后台账号“${request.loginUid}”已审核通过，初始密码：${account.password}，请登录后修改。`,
          ),
        ),
      );
      return account.userId;
    },

    /** Rejects a request with the reason (the account request machine); the applicant is told by SMS. */
    async reject(actor: SignedInUser, id: number, reason: string) {
      await existingRequest(id);
      const request = await requestMachine().fire(db, id, { event: 'reject', actor, reason });
      await sms.send(
        request.tel,
        smsInBothLanguages(
          text(
            `Your back-office account request was not approved: ${request.reviewNote}`,
            `您的后台账号申请未通过：${request.reviewNote}`,
          ),
        ),
      );
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
