import { password } from '@lvb/contracts/identity';
import { z } from 'zod';

/** Defaults that must not survive into production (DESIGN §3). */
export const DEFAULT_LOGIN_AES_KEY = 'lowvaluebid2026k';
export const DEFAULT_CODE_SECRET = 'dev-only-code-secret-change-me';
/** The bytes of "dev-only-bid-key-change-me-now!!", base64. */
export const DEFAULT_BID_KEY = 'ZGV2LW9ubHktYmlkLWtleS1jaGFuZ2UtbWUtbm93ISE=';

/** A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe); undefined when it is neither. */
function keyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DEMO_DATA: bool.optional(),
    // The platform's own password rule: the first administrator is not weaker than any user.
    ADMIN_INITIAL_PASSWORD: password.optional(),
    CAPTCHA_ENABLED: bool.default(true),
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z.url().optional(),
    LOGIN_AES_KEY: z
      .string()
      .refine((v) => Buffer.byteLength(v, 'utf8') === 16, 'must be exactly 16 bytes')
      .default(DEFAULT_LOGIN_AES_KEY),
    /** Secret mixed into stored SMS-code and captcha hashes. */
    CODE_SECRET: z.string().min(16, 'must have at least 16 characters').default(DEFAULT_CODE_SECRET),
    /** The key that wraps each project's data key of sealed prices (AES-256-GCM). */
    BID_KEY: z
      .string()
      .refine((v) => keyBytes(v) !== undefined, 'must be 32 bytes, as 64 hex digits or base64')
      .default(DEFAULT_BID_KEY),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    /** Requests a minute from one address to one sign-in call, and to the code-sending call. */
    SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
    /**
     * The platform's public address (https://…), for links printed in documents (a letter's QR code)
     * and for the sitemap's and drawn pages' links.
     */
    PUBLIC_BASE_URL: z.url().optional(),
    CODE_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Failed sign-ins from one address (any accounts) in 15 minutes before it is locked out. */
    SIGNIN_ADDRESS_FAILURES: z.coerce.number().int().min(5).max(100_000).default(30),
    /**
     * Which reverse proxies may name the client's address in X-Forwarded-For: a hop count, or a
     * comma-separated list of addresses and CIDR ranges. Unset, nothing is trusted and the
     * address is the socket's, so a caller cannot pick a new address per request.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(
        /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'a hop count (1, 2…) or a comma-separated list of proxy addresses or CIDR ranges',
      )
      .optional(),
    /** How often each instance moves projects past their deadlines and opening times, in seconds. */
    SCHEDULER_TICK_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TZ: z.string().default('Asia/Shanghai'),
    WEB_DIST: z.string().optional(),
    /** Trusted CA certificates for certificate sign-in (PEM: roots and intermediates); unset, it is off. */
    CA_TRUST_FILE: z.string().optional(),
    /** Revocation lists of those CAs (PEM or DER, one or several). */
    CA_CRL_FILE: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'is required when SMS_PROVIDER=http' });
    }
    if (env.CA_CRL_FILE && !env.CA_TRUST_FILE) {
      ctx.addIssue({ code: 'custom', path: ['CA_CRL_FILE'], message: 'is only read with CA_TRUST_FILE' });
    }
  });

export type Config = ReturnType<typeof toConfig>;

/**
 * Fastify's `trustProxy`: false (none), the proxies' addresses, or for a hop count a function
 * trusting that many hops nearest the server (what Fastify does with a number, which its types
 * do not take).
 */
function trustedProxies(value: string | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
  }
  return value.split(',').map((a) => a.trim());
}

function toConfig(env: z.output<typeof envSchema>) {
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    // Demo data is on by default only for the embedded database (DESIGN §3).
    demoData: env.DEMO_DATA ?? !env.DATABASE_URL,
    adminInitialPassword: env.ADMIN_INITIAL_PASSWORD,
    captchaEnabled: env.CAPTCHA_ENABLED,
    sms: { provider: env.SMS_PROVIDER, httpUrl: env.SMS_HTTP_URL },
    loginAesKey: env.LOGIN_AES_KEY,
    codeSecret: env.CODE_SECRET,
    bidKey: keyBytes(env.BID_KEY)!,
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS },
    rateLimits: {
      signinPerMinute: env.SIGNIN_RATE_LIMIT,
      codesPerMinute: env.CODE_RATE_LIMIT,
      addressFailures: env.SIGNIN_ADDRESS_FAILURES,
    },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    schedulerTickMs: env.SCHEDULER_TICK_SECONDS * 1000,
    logLevel: env.LOG_LEVEL,
    timeZone: env.TZ,
    webDist: env.WEB_DIST,
    /** Certificate sign-in (DESIGN §9): the files `loadCaTrust` reads at start. */
    ca: { trustFile: env.CA_TRUST_FILE, crlFile: env.CA_CRL_FILE },
  };
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a wrong value names its variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return toConfig(parsed.data);
}
