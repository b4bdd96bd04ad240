import { CAPTCHA_TIMEOUT_MS } from '@lvb/contracts/limits';
import {
  captchaAnswer,
  employeeLoginBody,
  employeePhoneLoginBody,
  employeeRegisterBody,
  phone,
  signInRows,
  smsPurpose,
  supplierPasswordLoginBody,
  supplierPhoneLoginBody,
  supplierRegisterBody,
} from '@lvb/contracts/identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okAfter, okWith, requestMeta } from '../../lib/route-helpers.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import type { AuthService } from './auth.service.ts';
import type { deviceCookie } from './device-cookie.ts';

interface Deps {
  auth: AuthService;
  captcha: CaptchaService;
  sessions: SessionService;
  limits: { signinPerMinute: number; codesPerMinute: number };
  device: ReturnType<typeof deviceCookie>;
}

const tokenAnswer = okWith({ rows: signInRows });

/** Sign-in, registration, captcha and SMS-code calls of spec §7. */
export async function authRoutes(app: FastifyInstance, { auth, captcha, sessions, limits, device }: Deps) {
  /** What a sign-in knows of its caller: address, agent, and the device's sign-in history. */
  const signInMeta = (req: FastifyRequest, reply: FastifyReply) => ({ ...requestMeta(req), ...device(req, reply) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signinLimit = { max: limits.signinPerMinute, timeWindow: 60_000 };
  const tags = ['identity'];

  r.get('/api/common/common/captcha', {
    config: { access: { public: true }, rateLimit: { max: limits.signinPerMinute * 2, timeWindow: 60_000 } },
    schema: {
      tags,
      summary: `Image captcha (the client waits at most ${CAPTCHA_TIMEOUT_MS} ms)`,
      querystring: z.object({ width: z.coerce.number().int().min(60).max(400).default(150) }),
      response: { 200: ok.extend(captchaAnswer.shape) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await captcha.issue(req.query.width)) }),
  });

  r.get('/api/common/common/code', {
    config: { access: { public: true }, rateLimit: { max: limits.codesPerMinute, timeWindow: 60_000 } },
    schema: {
      tags,
      summary: 'Send an SMS verification code',
      querystring: z.object({ tel: phone, purpose: smsPurpose.default('login') }),
      response: { 200: okWith({ uuid: z.string() }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'the code has been sent',
      uuid: await auth.sendCode(req.query.tel, req.query.purpose),
    }),
  });

  r.post('/api/external/login', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary: 'Supplier sign-in with phone, password and SMS code',
      body: supplierPasswordLoginBody,
      response: { 200: tokenAnswer },
    },
    handler: async (req, reply) => ({
      code: 200 as const,
      msg: 'signed in',
      rows: { token: await auth.supplierPasswordLogin(req.body, signInMeta(req, reply)) },
    }),
  });

  r.post('/api/external/tellogin', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary: 'Supplier sign-in with phone and SMS code',
      body: supplierPhoneLoginBody,
      response: { 200: tokenAnswer },
    },
    handler: async (req, reply) => ({
      code: 200 as const,
      msg: 'signed in',
      rows: { token: await auth.supplierPhoneLogin(req.body, signInMeta(req, reply)) },
    }),
  });

  r.post('/api/employee/loginEmp', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary: 'Back-office sign-in with user name, password and captcha; msg is the token',
      body: employeeLoginBody,
      response: { 200: ok.extend({ msg: z.string() }) },
    },
    handler: async (req, reply) => ({
      code: 200 as const,
      msg: await auth.employeePasswordLogin(req.body, signInMeta(req, reply)),
    }),
  });

  r.post('/api/employee/adminLoginTel', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary: 'Back-office sign-in with phone and SMS code; msg is the token',
      body: employeePhoneLoginBody,
      response: { 200: ok },
    },
    handler: async (req, reply) => ({
      code: 200 as const,
      msg: await auth.employeePhoneLogin(req.body, signInMeta(req, reply)),
    }),
  });

  r.post('/api/register', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary: 'Register a supplier company and its first user',
      body: supplierRegisterBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(auth.registerSupplier(req.body), 'registration complete, please sign in'),
  });

  r.post('/api/employee/register', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary: "Request a back-office account for an owner's organisation",
      body: employeeRegisterBody,
      response: { 200: ok },
    },
    handler: async (req) =>
      okAfter(
        auth.requestEmployeeAccount(req.body),
        'your request has been received and will be reviewed by an administrator',
      ),
  });

  r.post('/api/logout', {
    config: { access: { signedIn: true, incompleteCompanyAllowed: true } },
    schema: { tags, summary: 'Sign out: the token is revoked', response: { 200: ok } },
    handler: async (req) => okAfter(sessions.revoke(req.user!.sessionId), 'signed out'),
  });
}
