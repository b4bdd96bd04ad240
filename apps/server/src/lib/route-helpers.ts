import { z } from 'zod';

/** The `{code, msg}` part of every answer, for response schemas. */
export const ok = z.object({ code: z.literal(200), msg: z.string() });

/** Response schema of a success answer carrying extra fields. */
export const okWith = <T extends z.ZodRawShape>(shape: T) => ok.extend(shape);

/** Client address and agent, for the sign-in log. */
export const requestMeta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});
