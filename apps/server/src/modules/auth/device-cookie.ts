import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestMeta } from './auth.service.ts';

const COOKIE = 'lvb_device';
/** Accounts one device remembers (a shared office computer signs in to a few). */
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 180 * 24 * 3600;

/**
 * The device cookie: proof that this browser signed in to an account before, so that failures
 * from elsewhere do not lock it out (see the auth service's `attempt`). The cookie is signed (the
 * @fastify/cookie secret), HTTP-only and sent to the API only; it names its accounts by keyed
 * digests, so it does not reveal who signs in on the device.
 */
export function deviceCookie(secret: string, secure: boolean) {
  const digest = (accountKey: string) =>
    createHmac('sha256', secret).update(`device:${accountKey}`).digest('base64url').slice(0, 22);

  return (req: FastifyRequest, reply: FastifyReply): Pick<RequestMeta, 'knownDevice' | 'rememberDevice'> => {
    // Cookies are parsed here only: no other call reads one, so no request pays for parsing them.
    const raw = req.headers.cookie ? req.server.parseCookie(req.headers.cookie)[COOKIE] : undefined;
    const opened = raw ? req.unsignCookie(raw) : null;
    const known = opened?.valid && opened.value ? opened.value.split('.').slice(0, MAX_ACCOUNTS) : [];
    return {
      knownDevice: (accountKey) => known.includes(digest(accountKey)),
      rememberDevice: (accountKey) => {
        const mine = digest(accountKey);
        const accounts = [mine, ...known.filter((d) => d !== mine)].slice(0, MAX_ACCOUNTS);
        reply.setCookie(COOKIE, accounts.join('.'), {
          signed: true,
          httpOnly: true,
          sameSite: 'strict',
          secure,
          path: '/api/',
          maxAge: MAX_AGE_SECONDS,
        });
      },
    };
  };
}
