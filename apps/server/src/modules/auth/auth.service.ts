import { AccountType, RoleKey, type SmsPurpose } from '@lvb/contracts';
import type { z } from 'zod';
import type { employeeRegisterBody, supplierRegisterBody } from '@lvb/contracts/identity';
import type { Db } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { badRequest, conflict, refused, isUniqueViolation } from '../../lib/errors.ts';
import type { LoginCipher } from '../../lib/login-cipher.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/secrets.ts';
import { accountsRepository, type UserRow } from '../accounts/accounts.repository.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { rolesRepository } from '../roles/roles.repository.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { signInLogRepository } from './sign-in-log.repository.ts';
import { ACCOUNT_POLICY, addressPolicy, type LoginThrottle } from './login-throttle.ts';

const WRONG_USER_OR_PASSWORD = text('wrong user name or password', '用户名或密码错误');
const WRONG_PHONE_OR_PASSWORD = text('wrong phone number or password', '手机号或密码错误');
const WRONG_PHONE_OR_CODE = text('wrong phone number or SMS code', '手机号或短信验证码错误');
const ACCOUNT_REMOVED = text('this account is removed', '该账号已删除');
const ACCOUNT_DISABLED = text(
  'this account is disabled, please contact the administrator',
  '该账号已停用，请联系管理员',
);

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** True when this device has signed in to the account before (a signed device cookie). */
  knownDevice?: (accountKey: string) => boolean;
  /** Remembers this device for the account after a successful sign-in. */
  rememberDevice?: (accountKey: string) => void;
}

/** An attempt counted against its keys before the credentials are checked. */
interface Attempt {
  accountKey: string;
  throttleKey: string;
  /** The address's claim, when the attempt counts against it; settled once (failed or released). */
  address?: ReturnType<LoginThrottle['address']>;
  settled: boolean;
}

interface AuthDeps {
  db: Db;
  cipher: LoginCipher;
  captcha: CaptchaService;
  sms: SmsService;
  sessions: SessionService;
  throttle: LoginThrottle;
  /** Failed sign-ins one address may make in 15 minutes (SIGNIN_ADDRESS_FAILURES). */
  addressFailures: number;
}

export function createAuthService(deps: AuthDeps) {
  const { db, cipher, captcha, sms, sessions, throttle } = deps;
  const ADDRESS_POLICY = addressPolicy(deps.addressFailures);
  const accounts = createAccountsService({ db, sessions });

  /** Decrypts a login field; a value that does not decrypt is treated as a wrong one. */
  const open = (value: string | undefined, whenBad: Text) => {
    const plain = value === undefined ? null : cipher.decrypt(value);
    // A NUL cannot be a name, phone or password: refuse it here, not in a failing statement.
    if (plain === null || plain.includes('\u0000')) throw badRequest(whenBad);
    return plain;
  };

  async function log(
    meta: RequestMeta,
    entry: { userId?: number; loginName: string; types: number; method: string; ok: boolean; msg: string },
  ) {
    await signInLogRepository.insert(db, {
      userId: entry.userId,
      loginName: entry.loginName.slice(0, 50),
      types: entry.types,
      method: entry.method,
      ip: meta.ip.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 255),
      status: entry.ok ? '0' : '1',
      msg: entry.msg,
    });
  }

  /**
   * Claims an attempt on the account before its credentials are checked. Failures from a device
   * that signed in to the account before count on their own, so guesses from elsewhere cannot
   * lock its owner out (OWASP's lockout guidance); attempts from other devices also claim a place
   * at their address, which bounds guessing across many accounts. The address keeps the claim
   * only when the credentials turn out wrong (`fail`); `signIn` gives it back otherwise.
   */
  async function attempt(accountKey: string, meta: RequestMeta): Promise<Attempt> {
    if (meta.knownDevice?.(accountKey)) {
      const throttleKey = `${accountKey}#device`;
      await throttle.claim(throttleKey, ACCOUNT_POLICY);
      return { accountKey, throttleKey, settled: false };
    }
    const address = throttle.address(meta.ip, ADDRESS_POLICY);
    await address.claim();
    try {
      await throttle.claim(accountKey, ACCOUNT_POLICY);
    } catch (err) {
      // Refused by the account's limit before anything was evaluated: the address loses nothing.
      await address.released();
      throw err;
    }
    return { accountKey, throttleKey: accountKey, address, settled: false };
  }

  /**
   * One sign-in: claims the attempt, evaluates it, and settles the address's claim whatever
   * happens: wrong credentials (`fail`) keep it as a failure, anything else (a session opened, a
   * disabled account, a fault) gives it back, so that no claim is left holding a place.
   */
  async function signIn(accountKey: string, meta: RequestMeta, evaluate: (claim: Attempt) => Promise<string>) {
    const claim = await attempt(accountKey, meta);
    try {
      return await evaluate(claim);
    } finally {
      if (claim.address && !claim.settled) {
        claim.settled = true;
        await claim.address.released();
      }
    }
  }

  /**
   * Whether an account may sign in now, however its credentials were proven: null, or why not (it
   * is disabled, or its company is disabled or blacklisted).
   */
  async function accountRefusal(user: UserRow): Promise<Text | null> {
    if (user.status !== '0') return ACCOUNT_DISABLED;
    if (user.types === AccountType.supplier && user.companyId) {
      const company = await companiesRepository.findById(db, user.companyId);
      if (company && company.status !== '0') {
        return company.status === '2'
          ? text('this company is blacklisted on the platform', '该企业已被列入平台黑名单')
          : text('this company is disabled, please contact the administrator', '该企业已停用，请联系管理员');
      }
    }
    return null;
  }

  /**
   * The common tail of every sign-in: refuse a disabled account, forgive the attempt, open a
   * session, remember the device and log it.
   */
  async function finish(user: UserRow, claim: Attempt, method: string, meta: RequestMeta, loginName: string) {
    const refusal = await accountRefusal(user);
    if (refusal) {
      await log(meta, { userId: user.id, loginName, types: user.types, method, ok: false, msg: refusal.en });
      throw refused(refusal, 403);
    }
    await throttle.succeeded(claim.throttleKey);
    meta.rememberDevice?.(claim.accountKey);
    const token = await sessions.create(user.id, meta.ip);
    await log(meta, { userId: user.id, loginName, types: user.types, method, ok: true, msg: 'signed in' });
    return token;
  }

  /** A failed attempt: it was counted when claimed, and stays counted at its address; log it and answer. */
  async function fail(
    claim: Attempt,
    meta: RequestMeta,
    loginName: string,
    types: number,
    method: string,
    msg: Text,
  ): Promise<never> {
    if (claim.address && !claim.settled) {
      claim.settled = true;
      await claim.address.failed();
    }
    await log(meta, { loginName, types, method, ok: false, msg: msg.en });
    throw badRequest(msg);
  }

  /** Checks an SMS code; a wrong one counts as a failed sign-in of the account. */
  async function checkCode(
    tel: string,
    purpose: SmsPurpose,
    code: string,
    uuid: string | undefined,
    onWrong: () => Promise<never>,
  ) {
    try {
      await sms.verify(tel, purpose, code, uuid);
    } catch {
      await onWrong();
    }
  }

  return {
    /** One row of the sign-in log, for a sign-in another module verifies (certificates: modules/ca). */
    recordAttempt: log,

    /**
     * Opens a session for an account whose possession of a credential another module proved (a
     * certificate, modules/ca): the account is judged as at every sign-in (removed, disabled, its
     * company disabled or blacklisted); the session opens as at every sign-in and the attempt is
     * logged either way, under the account's name (or `otherwise`). Answers the token, or the
     * reason it may not sign in: the caller decides what the refusal says.
     */
    async signInProven(
      userId: number,
      method: string,
      meta: RequestMeta,
      otherwise: string,
    ): Promise<{ token: string } | { refusal: Text }> {
      const user = await accountsRepository.findById(db, userId);
      if (!user || user.deletedAt) {
        const loginName = user?.loginUid ?? user?.tel ?? otherwise;
        await log(meta, { userId, loginName, types: user?.types ?? -1, method, ok: false, msg: ACCOUNT_REMOVED.en });
        return { refusal: ACCOUNT_REMOVED };
      }
      const loginName = user.loginUid ?? user.tel ?? otherwise;
      const refusal = await accountRefusal(user);
      if (refusal) {
        await log(meta, { userId, loginName, types: user.types, method, ok: false, msg: refusal.en });
        return { refusal };
      }
      const token = await sessions.create(user.id, meta.ip);
      await log(meta, { userId, loginName, types: user.types, method, ok: true, msg: 'signed in' });
      return { token };
    },

    /** POST /api/employee/loginEmp: user name, password and captcha, all encrypted. */
    async employeePasswordLogin(
      body: { loginUid: string; loginPwd: string; code?: string; uuid?: string },
      meta: RequestMeta,
    ) {
      const loginUid = open(body.loginUid, WRONG_USER_OR_PASSWORD).trim();
      const password = open(body.loginPwd, WRONG_USER_OR_PASSWORD);
      if (captcha.enabled) {
        await captcha.verify(
          body.uuid === undefined ? null : cipher.decrypt(body.uuid),
          body.code === undefined ? null : cipher.decrypt(body.code),
        );
      }
      if (!loginUid || loginUid.length > 30) throw badRequest(WRONG_USER_OR_PASSWORD);
      return signIn(`emp:${loginUid.toLowerCase()}`, meta, async (claim) => {
        const user = await accountsRepository.findEmployeeByLoginUid(db, loginUid);
        const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
        if (!user || !ok) return fail(claim, meta, loginUid, AccountType.employee, 'password', WRONG_USER_OR_PASSWORD);
        return finish(user, claim, 'password', meta, loginUid);
      });
    },

    /** POST /api/employee/adminLoginTel: phone and SMS code, encrypted. */
    async employeePhoneLogin(body: { loginTel: string; code: string; uuid: string }, meta: RequestMeta) {
      const tel = open(body.loginTel, WRONG_PHONE_OR_CODE).trim();
      const code = open(body.code, WRONG_PHONE_OR_CODE).trim();
      const uuid = open(body.uuid, WRONG_PHONE_OR_CODE).trim();
      return signIn(`emp-tel:${tel}`, meta, async (claim) => {
        const onWrong = () => fail(claim, meta, tel, AccountType.employee, 'sms', WRONG_PHONE_OR_CODE);
        await checkCode(tel, 'login', code, uuid, onWrong);
        const user = await accountsRepository.findByTel(db, AccountType.employee, tel);
        if (!user) return onWrong();
        return finish(user, claim, 'sms', meta, tel);
      });
    },

    /**
     * POST /api/external/login: phone, SMS code and password, encrypted. The code is checked
     * first, so that a password can only be tried by someone holding the phone.
     */
    async supplierPasswordLogin(body: { tel: string; msgCode: string; pwd: string }, meta: RequestMeta) {
      const tel = open(body.tel, WRONG_PHONE_OR_PASSWORD).trim();
      const code = open(body.msgCode, WRONG_PHONE_OR_CODE).trim();
      const password = open(body.pwd, WRONG_PHONE_OR_PASSWORD);
      return signIn(`sup:${tel}`, meta, async (claim) => {
        await checkCode(tel, 'login', code, undefined, () =>
          fail(claim, meta, tel, AccountType.supplier, 'password', WRONG_PHONE_OR_CODE),
        );
        const user = await accountsRepository.findByTel(db, AccountType.supplier, tel);
        const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
        if (!user || !ok) return fail(claim, meta, tel, AccountType.supplier, 'password', WRONG_PHONE_OR_PASSWORD);
        return finish(user, claim, 'password', meta, tel);
      });
    },

    /** POST /api/external/tellogin: phone, SMS code and the code request's uuid. */
    async supplierPhoneLogin(body: { tel: string; msgCode: string; uuid: string }, meta: RequestMeta) {
      const tel = body.tel.trim();
      return signIn(`sup:${tel}`, meta, async (claim) => {
        const onWrong = () => fail(claim, meta, tel, AccountType.supplier, 'sms', WRONG_PHONE_OR_CODE);
        await checkCode(tel, 'login', body.msgCode.trim(), body.uuid.trim(), onWrong);
        const user = await accountsRepository.findByTel(db, AccountType.supplier, tel);
        if (!user) return onWrong();
        return finish(user, claim, 'sms', meta, tel);
      });
    },

    /**
     * GET /api/common/common/code. A sign-in or reset code goes out only to a phone that has an
     * account; the answer is the same either way, so the call does not reveal who is registered.
     */
    async sendCode(tel: string, purpose: SmsPurpose) {
      const deliver = purpose === 'register' || (await accountsRepository.telExists(db, tel));
      return sms.send(tel, purpose, deliver);
    },

    /** POST /api/register: a supplier company and its first user, with the supplier role. */
    async registerSupplier(body: z.output<typeof supplierRegisterBody>) {
      await sms.verify(body.tel, 'register', body.msgCode, body.uuid);
      const taken = await companiesRepository.clashes(db, body.compName, body.creditCode);
      if (taken.some((c) => c.name === body.compName))
        throw conflict(text('a company with this name is already registered', '该企业名称已注册'));
      if (taken.length > 0)
        throw conflict(
          text('a company with this unified credit code is already registered', '该统一社会信用代码已注册'),
        );
      if (await accountsRepository.findByTel(db, AccountType.supplier, body.tel)) {
        throw conflict(text('this phone number is already registered', '该手机号已注册'));
      }
      const passwordHash = await hashPassword(body.password);
      try {
        const roleIds = await rolesRepository.idsOfKeys(db, [RoleKey.supplier]);
        await db.transaction(async (tx) => {
          const companyId = await companiesRepository.insert(tx, {
            name: body.compName,
            creditCode: body.creditCode,
            contactName: body.contactName,
            contactTel: body.tel,
          });
          await accounts.create(
            { types: AccountType.supplier, name: body.contactName, tel: body.tel, passwordHash, companyId },
            roleIds,
            tx,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict(
            text('this company or phone number was registered a moment ago', '该企业或手机号刚刚已被注册'),
          );
        throw err;
      }
    },

    /** POST /api/employee/register: stored as a request an administrator approves or rejects. */
    async requestEmployeeAccount(body: z.output<typeof employeeRegisterBody>) {
      await sms.verify(body.tel, 'register', body.msgCode, body.uuid);
      if (await accountsRepository.findEmployeeByLoginUid(db, body.loginUid))
        throw conflict(text('this user name is already taken', '该用户名已被使用'));
      if (await accountsRepository.findByTel(db, AccountType.employee, body.tel)) {
        throw conflict(text('this phone number already has a back-office account', '该手机号已开通后台账号'));
      }
      if (await accountsRepository.requests.pendingExists(db, body.loginUid, body.tel))
        throw conflict(
          text(
            'a request with this user name or phone number is already waiting for review',
            '使用该用户名或手机号的申请正在等待审核',
          ),
        );
      const { msgCode: _code, uuid: _uuid, ...request } = body;
      await accountsRepository.requests.insert(db, request);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
