import type { FastifyRequest } from 'fastify';
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

/** The success answer of a call that only does its work: `{code: 200, msg}` once `work` is done. */
export const okAfter = async (work: Promise<unknown>, msg: string) => {
  await work;
  return { code: 200 as const, msg };
};

/** The address links start with: `publicUrl` when given (PUBLIC_BASE_URL), else the address the request came to. */
export const originOf = (req: FastifyRequest, publicUrl?: string) => publicUrl ?? `${req.protocol}://${req.host}`;
