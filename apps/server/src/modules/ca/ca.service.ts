import { randomBytes } from 'node:crypto';
import {
  CA_CHALLENGE_SECONDS,
  CA_SIGN_IN_REFUSED,
  type CaBindBody,
  type CaChallenge,
  type CaLoginQuery,
} from '@lvb/contracts/ca';
import type { Db } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { databaseNow } from '../../lib/clock.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { LoginCipher } from '../../lib/login-cipher.ts';
import type { AuthService, RequestMeta } from '../auth/auth.service.ts';
import { caRepository } from './ca.repository.ts';
import {
  CA_REASONS,
  CaRefusal,
  checkStatedFields,
  verifyCertificate,
  verifyPossession,
  type CaTrust,
  type VerifiedCertificate,
} from './ca.verify.ts';

/** The one answer of every refused certificate sign-in; the reason goes to the sign-in log only. */
const REFUSED = text(CA_SIGN_IN_REFUSED.en, CA_SIGN_IN_REFUSED.zh);
const ALREADY_BOUND = text('this certificate is already bound to your account', '该证书已绑定到您的账号');
const BOUND_ELSEWHERE = text('this certificate is already bound to another account', '该证书已绑定到其他账号');
const NO_BINDING = text('you have no certificate bound with this fingerprint', '您没有绑定该指纹的证书');
/** How the sign-in log names an attempt before its certificate is read. */
const UNREAD_CERTIFICATE = '(certificate)';
/** The sign-in log's kind of an attempt whose account is not known. */
const UNKNOWN_KIND = -1;

/** The caLogin query's fields, in the order they are decrypted. */
const LOGIN_FIELDS = ['na', 'encoded', 'caKey', 'issuer', 'subject', 'serialNumber', 'subKeyID'] as const;

/** A certificate's name as one line for people: its attributes in order, joined by ", " (escapes kept). */
const oneLine = (name: string) => name.split('\n').join(', ');

interface CaDeps {
  db: Db;
  cipher: LoginCipher;
  auth: AuthService;
  /** The trust bundle and revocation lists (CA_TRUST_FILE, CA_CRL_FILE); null when not configured. */
  trust: CaTrust | null;
}

/**
 * CA certificate sign-in (DESIGN §9): challenges, the sign-in, and the bindings of certificates
 * to accounts. Verification itself is pure (ca.verify.ts); this service adds the challenge's
 * single use, the business clock, the binding and the session.
 */
export function createCaService({ db, cipher, auth, trust }: CaDeps) {
  /** The challenge's text, used up by this call; a refusal naming what became of it otherwise. */
  async function consume(na: string): Promise<string> {
    const challenge = await caRepository.consumeChallenge(db, na);
    if (challenge !== null) return challenge;
    const state = await caRepository.challengeState(db, na);
    throw new CaRefusal(
      state === 'used'
        ? CA_REASONS.usedChallenge
        : state === 'expired'
          ? CA_REASONS.expiredChallenge
          : CA_REASONS.unknownChallenge,
    );
  }

  /** The certificate verified at the business clock's now, and its key's signature over the challenge. */
  async function proven(bundle: CaTrust, encoded: string, challenge: string, signature: string) {
    const cert = await verifyCertificate(bundle, encoded, await databaseNow(db));
    verifyPossession(cert, challenge, signature);
    return cert;
  }

  return {
    /** GET /api/caLogin/challenge: a random text to sign, valid two minutes by the business clock, once. */
    async challenge(): Promise<CaChallenge> {
      if (!trust) throw badRequest(REFUSED);
      const na = randomBytes(24).toString('base64url');
      const challenge = randomBytes(32).toString('base64url');
      await caRepository.insertChallenge(db, na, challenge, CA_CHALLENGE_SECONDS);
      return { na, challenge };
    },

    /**
     * POST /api/caLogin: the seven encrypted fields. The challenge is used up first, whatever
     * follows; then the certificate, the signature, the stated fields, the binding and the
     * account. Every refusal answers the same; the sign-in log keeps its reason.
     */
    async signIn(query: CaLoginQuery, meta: RequestMeta): Promise<string> {
      let loginName = UNREAD_CERTIFICATE;
      try {
        if (!trust) throw new CaRefusal(CA_REASONS.noTrust);
        const plain: Partial<Record<(typeof LOGIN_FIELDS)[number], string>> = {};
        let undecrypted: string | undefined;
        for (const field of LOGIN_FIELDS) {
          const value = cipher.decrypt(query[field]);
          if (value === null || value.includes('\u0000')) undecrypted ??= field;
          else plain[field] = value;
        }
        let challenge: string | CaRefusal | undefined;
        if (plain.na !== undefined) {
          challenge = await consume(plain.na).catch((err: unknown) => {
            if (err instanceof CaRefusal) return err;
            throw err;
          });
        }
        if (undecrypted) throw new CaRefusal(CA_REASONS.notEncrypted(undecrypted));
        if (typeof challenge !== 'string') throw challenge!;
        const fields = plain as Record<(typeof LOGIN_FIELDS)[number], string>;
        const cert = await verifyCertificate(trust, fields.encoded, await databaseNow(db));
        // The log names the attempt by its certificate from here on.
        loginName = cert.commonName || cert.sha256.slice(0, 16);
        verifyPossession(cert, challenge, fields.caKey);
        checkStatedFields(cert, fields);
        const userId = await caRepository.ownerOf(db, cert.sha256);
        if (userId === null) throw new CaRefusal(CA_REASONS.unbound);
        const opened = await auth.signInProven(userId, 'ca', meta, loginName);
        if ('refusal' in opened) throw badRequest(REFUSED);
        return opened.token;
      } catch (err) {
        if (!(err instanceof CaRefusal)) throw err;
        await auth.recordAttempt(meta, {
          loginName: loginName.slice(0, 50),
          types: UNKNOWN_KIND,
          method: 'ca',
          ok: false,
          msg: err.reason.en,
        });
        throw badRequest(REFUSED);
      }
    },

    /**
     * POST /api/user/ca/bind: binds a certificate to the caller once it passes the sign-in's
     * verification (chain, dates, usage, revocation) and its key signed a fresh challenge. One
     * account per certificate: bound already (to the caller or another) answers 409.
     */
    async bind(userId: number, body: CaBindBody): Promise<void> {
      let cert: VerifiedCertificate;
      try {
        if (!trust) throw new CaRefusal(CA_REASONS.noTrust);
        cert = await proven(trust, body.encoded, await consume(body.na), body.caKey);
      } catch (err) {
        if (!(err instanceof CaRefusal)) throw err;
        throw badRequest(notAccepted(err.reason));
      }
      const owner = await caRepository.ownerOf(db, cert.sha256);
      if (owner !== null) throw conflict(owner === userId ? ALREADY_BOUND : BOUND_ELSEWHERE);
      try {
        await caRepository.insertBinding(db, {
          sha256: cert.sha256,
          userId,
          subject: oneLine(cert.subject),
          issuer: oneLine(cert.issuer),
          serialNumber: cert.serialNumber,
          notBefore: cert.notBefore,
          notAfter: cert.notAfter,
        });
      } catch (err) {
        // Bound by a request that passed the same checks a moment ago.
        if (!isUniqueViolation(err)) throw err;
        const now = await caRepository.ownerOf(db, cert.sha256);
        throw conflict(now === userId ? ALREADY_BOUND : BOUND_ELSEWHERE);
      }
    },

    /** GET /api/user/ca: the caller's certificates. */
    list: (userId: number) => caRepository.bindingsOf(db, userId),

    /** DELETE /api/user/ca/{sha256}: removes one of the caller's certificates (404 for any other). */
    async remove(userId: number, sha256: string) {
      if (!(await caRepository.removeBinding(db, userId, sha256.toLowerCase()))) throw notFound(NO_BINDING);
    },
  };
}
export type CaService = ReturnType<typeof createCaService>;

/** A bind refusal tells the signed-in caller why their certificate was not accepted. */
const notAccepted = (reason: Text) => text(`certificate not accepted: ${reason.en}`, `证书未通过验证：${reason.zh}`);
