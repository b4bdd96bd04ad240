import type { CaBindBody, caBinding, CaChallenge, CaLoginQuery } from '@lvb/contracts/ca';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { readFields } from '@/shared/lib/answer-shape';
import { encryptLoginFields } from '@/shared/lib/login-cipher';
import { request } from '@/shared/lib/request';
import { loginKey } from '@/shared/lib/site-info';
import type { SigningCertificate } from './signing';

/**
 * The certificate calls of DESIGN §9 (packages/contracts/src/ca.ts). Only types come from the
 * contracts: the sign-in page that loads this does not load zod.
 */

/** GET /api/caLogin/challenge (no token): a text to sign, valid two minutes, usable once. */
export async function fetchChallenge(): Promise<CaChallenge> {
  const body = await request('/api/caLogin/challenge', { withToken: false });
  return readFields(body.data, { na: 'string', challenge: 'string' }, 'certificate challenge');
}

/** A fresh challenge signed with the certificate's key: the proof of possession. */
async function proof(signing: SigningCertificate) {
  const { na, challenge } = await fetchChallenge();
  return { na, caKey: await signing.sign(challenge) };
}

/**
 * POST /api/caLogin: the seven fields in the query string, each encrypted with the login cipher;
 * resolves to the token (in `msg`). The server answers every refusal alike.
 */
export async function certificateSignIn(signing: SigningCertificate): Promise<string> {
  const { certificate } = signing;
  const { na, caKey } = await proof(signing);
  const plain: CaLoginQuery = {
    caKey,
    issuer: certificate.issuer,
    subject: certificate.subject,
    subKeyID: certificate.subKeyID,
    encoded: certificate.encoded,
    serialNumber: certificate.serialNumber,
    na,
  };
  const params = await encryptLoginFields(plain, await loginKey());
  return (await request('/api/caLogin', { method: 'POST', withToken: false, params })).msg;
}

export type CaBinding = WireOf<typeof caBinding>;

export const BINDINGS_URL = '/api/user/ca';

/** GET /api/user/ca: the caller's certificates, newest first. */
export const bindingsQuery = queryOptions({
  queryKey: [BINDINGS_URL],
  queryFn: async ({ signal }) => ((await request(BINDINGS_URL, { signal })).rows ?? []) as CaBinding[],
});

/** POST /api/user/ca/bind: binds the certificate, proven by its key over a fresh challenge. */
export async function bindCertificate(signing: SigningCertificate): Promise<void> {
  const body: CaBindBody = { encoded: signing.certificate.encoded, ...(await proof(signing)) };
  await request(`${BINDINGS_URL}/bind`, { method: 'POST', data: body });
}

/** DELETE /api/user/ca/{sha256}. */
export const removeBinding = (sha256: string) => request(`${BINDINGS_URL}/${sha256}`, { method: 'DELETE' });
