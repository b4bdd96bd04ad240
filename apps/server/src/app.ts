import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { pingDatabase, type Db } from './db/client.ts';
import { text } from './i18n/text.ts';
import { AppError } from './lib/errors.ts';
import { serveWebApp } from './web/serve-web-app.ts';
import { logSerializers } from './lib/log-serializers.ts';
import { createLoginCipher } from './lib/login-cipher.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { caRoutes } from './modules/ca/ca.routes.ts';
import { createCaService } from './modules/ca/ca.service.ts';
import { loadCaTrust } from './modules/ca/ca.trust.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { deviceCookie } from './modules/auth/device-cookie.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createCaptchaService } from './modules/captcha/captcha.service.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { dictionariesRoutes } from './modules/dictionaries/dictionaries.routes.ts';
import { menusRoutes } from './modules/menus/menus.routes.ts';
import { createSessionService } from './modules/sessions/sessions.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { suppliersRoutes } from './modules/companies/suppliers.routes.ts';
import { departmentsRoutes } from './modules/departments/departments.routes.ts';
import { dictionariesAdminRoutes } from './modules/dictionaries/dictionaries.routes.ts';
import { createEmployeesService } from './modules/employees/employees.service.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { menusAdminRoutes } from './modules/menus/menus-admin.routes.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { logsRoutes } from './modules/operation-log/logs.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { operationLogPlugin } from './plugins/operation-log.ts';
import { hallRoutes } from './modules/projects/hall.routes.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { createBidsService } from './modules/bids/bids.service.ts';
import { openingsRoutes } from './modules/bids/openings.routes.ts';
import { createOpeningsService } from './modules/bids/openings.service.ts';
import { completionRoutes } from './modules/results/completion.routes.ts';
import { drawsRoutes } from './modules/draws/draws.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { createLiveService } from './modules/live/live.service.ts';
import { createDrawsService } from './modules/draws/draws.service.ts';
import { guaranteeClaimsRoutes } from './modules/guarantees/guarantee-claims.routes.ts';
import { createGuaranteeClaimsService } from './modules/guarantees/guarantee-claims.service.ts';
import { guaranteesRoutes } from './modules/guarantees/guarantees.routes.ts';
import { createGuaranteesService } from './modules/guarantees/guarantees.service.ts';
import { poolRoutes } from './modules/pool/pool.routes.ts';
import { expertsRoutes } from './modules/experts/experts.routes.ts';
import { createExpertsService } from './modules/experts/experts.service.ts';
import { createPoolService } from './modules/pool/pool.service.ts';
import { createCompletionService } from './modules/results/completion.service.ts';
import { createResultViews } from './modules/results/result-views.service.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { createResultsService } from './modules/results/results.service.ts';
import { scoringRoutes } from './modules/scoring/scoring.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { createSitemapService } from './modules/sitemap/sitemap.service.ts';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { createScoringService } from './modules/scoring/scoring.service.ts';
import { applicationsRoutes } from './modules/applications/applications.routes.ts';
import { createApplicationsService } from './modules/applications/applications.service.ts';
import { createHallService } from './modules/projects/hall.service.ts';
import { masterDataRoutes } from './modules/master-data/master-data.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { httpSmsProvider, outboxSmsProvider, type SmsProvider } from './modules/sms/sms.providers.ts';
import { smsOutboxRoutes } from './modules/sms/sms.routes.ts';
import { clockRoutes } from './modules/clock/clock.routes.ts';
import { createSmsService } from './modules/sms/sms.service.ts';
import { accessPlugin } from './plugins/access.ts';
import { errorPlugin } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { postgresRateLimitStore } from './plugins/rate-limit-store.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Sessions for hot prepared statements (see `Database.planOnceDb`); `db` when not given. */
  planOnceDb?: Db;
  /** Overrides for the edges of the world, in tests. */
  smsProvider?: SmsProvider;
  captchaText?: () => string;
  logger?: boolean | object;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Paths of log fields that may carry secrets; pino replaces them. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export async function buildApp({
  config,
  db,
  planOnceDb,
  smsProvider,
  captchaText,
  logger,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: logSerializers,
            ...(typeof logger === 'object' ? logger : {}),
          },
    // The client address is the socket's unless the operator names the proxies in front
    // (TRUST_PROXY); trusting X-Forwarded-For from anyone lets a caller forge a new address per
    // request and pass every per-address limit.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A page of selected rows (100 ids) fits in the `/:ids` of a removal.
    routerOptions: { maxParamLength: 2048 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const provider =
    smsProvider ?? (config.sms.provider === 'http' ? httpSmsProvider(config.sms.httpUrl!) : outboxSmsProvider(db));
  const cipher = createLoginCipher(config.loginAesKey);
  const sessions = createSessionService({ db, ...config.session });
  const captcha = createCaptchaService({
    db,
    enabled: config.captchaEnabled,
    secret: config.codeSecret,
    drawText: captchaText,
  });
  const sms = createSmsService({ db, provider, secret: config.codeSecret });
  const throttle = createLoginThrottle(db);
  const auth = createAuthService({
    db,
    cipher,
    captcha,
    sms,
    sessions,
    throttle,
    addressFailures: config.rateLimits.addressFailures,
  });
  // Read once at start; a file that cannot be used stops the start (CaTrustError).
  const caTrust = config.ca.trustFile
    ? await loadCaTrust({ trustFile: config.ca.trustFile, crlFile: config.ca.crlFile })
    : null;
  const settings = createSettingsService({ db });
  const employees = createEmployeesService({ db, sessions });
  const roles = createRolesService({ db, identity: sessions });
  const projectsService = createProjectsService({ db, settings, bidKey: config.bidKey });

  await app.register(errorPlugin);
  // API answers (the hall's lists, menus, details) go compressed when the caller accepts it; the
  // web app's assets are compressed at build time and sent as they are (serveWebApp). A response
  // that is already encoded, partial (206) or of an incompressible type (PDF, images, xlsx) is
  // left alone, so downloads keep their length and Range.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError(
        500,
        text(`too many requests, try again in ${seconds} seconds`, `请求过于频繁，请 ${seconds} 秒后再试`),
        429,
      );
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Low-value project trading and guarantee platform API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Signed cookies: the device cookie of the sign-in throttle.
  await app.register(cookie, { secret: config.codeSecret, hook: false });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 6, fields: 10, parts: 20 } });
  await app.register(accessPlugin, { sessions });
  await app.register(idempotencyPlugin, { db });
  await app.register(operationLogPlugin, { db });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: { public: true } },
    schema: {
      tags: ['operations'],
      summary: 'The server and its database answer',
      response: {
        200: z.object({ code: z.literal(200), msg: z.string(), data: z.object({ db: z.literal('ok') }) }),
        503: z.object({ code: z.number(), msg: z.string(), data: z.object({ db: z.string() }) }),
      },
    },
    handler: async (_req, reply) => {
      if (await pingDatabase(db)) return { code: 200 as const, msg: 'ok', data: { db: 'ok' as const } };
      return reply.status(503).send({ code: 501, msg: 'the database does not answer', data: { db: 'down' } });
    },
  });

  const limits = config.rateLimits;
  await app.register(authRoutes, {
    auth,
    captcha,
    sessions,
    limits,
    device: deviceCookie(config.codeSecret, config.isProduction),
  });
  await app.register(caRoutes, { ca: createCaService({ db, cipher, auth, trust: caTrust }), limits });
  for (const warning of caTrust?.warnings ?? []) app.log.warn(warning);
  await app.register(accountsRoutes, { db, sessions });
  await app.register(companiesRoutes, { db, sessions, checkLimit: limits.signinPerMinute * 2 });
  await app.register(menusRoutes, { db });
  await app.register(dictionariesRoutes, { db });
  await app.register(settingsRoutes, {
    settings,
    loginKey: config.loginAesKey,
    captchaEnabled: config.captchaEnabled,
    smsOutbox: provider.name === 'outbox' && !config.isProduction,
  });
  if (provider.name === 'outbox' && !config.isProduction) await app.register(smsOutboxRoutes, { db });
  if (!config.isProduction) await app.register(clockRoutes, { db });
  await app.register(employeesRoutes, { employees });
  await app.register(rolesRoutes, { roles });
  await app.register(menusAdminRoutes, { db, sessions });
  await app.register(departmentsRoutes, { db, sessions });
  await app.register(dictionariesAdminRoutes, { db });
  await app.register(noticesRoutes, { db });
  await app.register(logsRoutes, { db });
  await app.register(suppliersRoutes, { db, sessions });
  await app.register(peopleRoutes, { db, employees, sms: provider });
  await app.register(filesRoutes, { db });
  await app.register(masterDataRoutes, { db, settings });
  await app.register(projectsRoutes, { projectsService });
  await app.register(hallRoutes, { hall: createHallService({ db, hallDb: planOnceDb ?? db }) });
  await app.register(applicationsRoutes, {
    applications: createApplicationsService({
      db,
      sms: provider,
      onSmsFailure: (err) => app.log.warn({ err }, 'application outcome SMS not sent'),
    }),
  });

  await app.register(bidsRoutes, { bids: createBidsService({ db, bidKey: config.bidKey }) });
  await app.register(openingsRoutes, {
    openings: createOpeningsService({
      db,
      bidKey: config.bidKey,
      projects: projectsService,
      sms: provider,
      onSmsFailure: (err) => app.log.warn({ err }, 'opening SMS not sent'),
    }),
  });
  await app.register(scoringRoutes, {
    scoring: createScoringService({
      db,
      bidKey: config.bidKey,
      projects: projectsService,
      sms: provider,
      onSmsFailure: (err) => app.log.warn({ err }, 'ranking SMS not sent'),
    }),
  });
  const completion = createCompletionService({ db, projects: projectsService, settings });
  await app.register(resultsRoutes, {
    results: createResultsService({ db, projects: projectsService, completion }),
    views: createResultViews({ db, completion }),
  });
  await app.register(completionRoutes, { completion });
  const draws = createDrawsService({
    db,
    bidKey: config.bidKey,
    projects: projectsService,
    settings,
    sms: provider,
    onSmsFailure: (err) => app.log.warn({ err }, 'draw SMS not sent'),
  });
  await app.register(drawsRoutes, { draws });
  await app.register(liveRoutes, { live: createLiveService({ db, draws }) });
  const guarantees = createGuaranteesService({
    db,
    publicBaseUrl: config.publicBaseUrl,
    sms: provider,
    onSmsFailure: (err) => app.log.warn({ err }, 'guarantee SMS not sent'),
  });
  await app.register(guaranteesRoutes, { guarantees, checkLimit: limits.signinPerMinute * 2 });
  await app.register(guaranteeClaimsRoutes, { claims: createGuaranteeClaimsService({ db, guarantees }) });
  await app.register(poolRoutes, { pool: createPoolService({ db }) });
  await app.register(expertsRoutes, { experts: createExpertsService({ db }) });
  await app.register(statsRoutes, { stats: createStatsService({ db }) });
  await app.register(sitemapRoutes, {
    sitemap: createSitemapService({ db }),
    publicUrl: config.publicBaseUrl ?? undefined,
  });

  await serveWebApp(app, config.webDist ?? defaultWebDist, config.publicBaseUrl ?? undefined);
  return app;
}
