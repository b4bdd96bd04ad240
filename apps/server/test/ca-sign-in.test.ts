import { createHash, generateKeyPairSync, sign as nodeSign, webcrypto } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CA_SIGN_IN_REFUSED, ecdsaRawToDer, normalizedHex } from '@lvb/contracts/ca';
import { queryRows } from '../src/db/client.ts';
import { CaTrustError, loadCaTrust } from '../src/modules/ca/ca.trust.ts';
import { CA_REASONS, normalizedName, sameName, verifyCertificate } from '../src/modules/ca/ca.verify.ts';
import * as x509 from '../src/modules/ca/x509.ts';
import { signInAs } from './factories.ts';
import { bearer, createTestApp, signInSupplier, type TestApp } from './test-app.ts';

/**
 * CA certificate sign-in (DESIGN §9), against a small PKI made here with @peculiar/x509 and Web
 * Crypto keys: a root, an intermediate with its revocation list, and leaves for each case. The
 * browser's part (signing the challenge) is done with Web Crypto as the web app does it.
 */

const { subtle } = webcrypto;
const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
const EC = { name: 'ECDSA', namedCurve: 'P-256' };
const DAY = 86_400_000;
const ROOT_NAME = 'C=CN, O=LVB Test CA, CN=LVB Test Root';
const ISSUING_NAME = 'C=CN, O=LVB Test CA, CN=LVB Test Issuing CA';

interface Holder {
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
}

const rsaKeys = () => subtle.generateKey(RSA, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
const ecKeys = () => subtle.generateKey(EC, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
const b64 = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString('base64');

/** The signature the browser sends: RSASSA-PKCS1-v1_5, or ECDSA P-256 turned into DER. */
async function signText(key: CryptoKey, text: string): Promise<string> {
  const data = new TextEncoder().encode(text);
  if (key.algorithm.name === 'ECDSA') {
    const raw = new Uint8Array(await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data));
    return b64(ecdsaRawToDer(raw));
  }
  return b64(await subtle.sign('RSASSA-PKCS1-v1_5', key, data));
}

const caExtensions = async (keys: CryptoKeyPair, pathLength?: number) => [
  new x509.BasicConstraintsExtension(true, pathLength, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
  await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
];

/** A leaf under `issuer` (or under its name by another key: `signer`). */
async function leaf(
  issuer: Holder,
  subject: string,
  serialNumber: string,
  opts: {
    keys?: CryptoKeyPair;
    signer?: CryptoKey;
    notBefore?: Date;
    notAfter?: Date;
    usage?: x509.KeyUsageFlags;
    ski?: boolean;
  } = {},
): Promise<Holder> {
  const keys = opts.keys ?? (await rsaKeys());
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(
      opts.usage ?? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
      true,
    ),
  ];
  if (opts.ski !== false) extensions.push(await x509.SubjectKeyIdentifierExtension.create(keys.publicKey));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber,
    subject,
    issuer: issuer.cert.subject,
    notBefore: opts.notBefore ?? new Date(Date.now() - DAY),
    notAfter: opts.notAfter ?? new Date(Date.now() + 365 * DAY),
    publicKey: keys.publicKey,
    signingKey: opts.signer ?? issuer.keys.privateKey,
    signingAlgorithm: RSA,
    extensions,
  });
  return { cert, keys };
}

let dir: string;
let root: Holder;
let issuing: Holder;
const leaves = {} as Record<
  | 'supplier'
  | 'employee'
  | 'ecdsa'
  | 'forged'
  | 'expired'
  | 'revoked'
  | 'unbound'
  | 'disabled'
  | 'noSigning'
  | 'other'
  | 'noSki',
  Holder
>;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lvb-ca-'));
  const rootKeys = await rsaKeys();
  root = {
    keys: rootKeys,
    cert: await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: ROOT_NAME,
      notBefore: new Date(Date.now() - 2 * 365 * DAY),
      notAfter: new Date(Date.now() + 10 * 365 * DAY),
      keys: rootKeys,
      signingAlgorithm: RSA,
      extensions: await caExtensions(rootKeys),
    }),
  };
  const issuingKeys = await rsaKeys();
  issuing = {
    keys: issuingKeys,
    cert: await x509.X509CertificateGenerator.create({
      serialNumber: '02',
      subject: ISSUING_NAME,
      issuer: root.cert.subject,
      notBefore: new Date(Date.now() - 2 * 365 * DAY),
      notAfter: new Date(Date.now() + 5 * 365 * DAY),
      publicKey: issuingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      signingAlgorithm: RSA,
      extensions: await caExtensions(issuingKeys, 0),
    }),
  };
  const shared = await rsaKeys();
  const forger = await rsaKeys();
  leaves.supplier = await leaf(
    issuing,
    'C=CN, O=Hangzhou Jianye Construction Co.\\, Ltd., CN=杭州建业 供应商',
    '0a1001',
  );
  leaves.employee = await leaf(issuing, 'C=CN, O=Demo Owner, CN=owner1, E=owner1@example.test', '1002');
  leaves.ecdsa = await leaf(issuing, 'C=CN, O=Demo Owner, CN=auditor1 (ECDSA)', '1003', { keys: await ecKeys() });
  // The forger signs under the intermediate's name with a key of its own.
  leaves.forged = await leaf(issuing, 'C=CN, O=Demo Owner, CN=owner1', '1004', { signer: forger.privateKey });
  leaves.expired = await leaf(issuing, 'C=CN, CN=expired', '1005', {
    keys: shared,
    notBefore: new Date(Date.now() - 2 * 365 * DAY),
    notAfter: new Date(Date.now() - 365 * DAY),
  });
  leaves.revoked = await leaf(issuing, 'C=CN, CN=revoked', '1006', { keys: shared });
  leaves.unbound = await leaf(issuing, 'C=CN, CN=unbound', '1007', { keys: shared });
  leaves.disabled = await leaf(issuing, 'C=CN, CN=finance1', '1008', { keys: shared });
  leaves.noSigning = await leaf(issuing, 'C=CN, CN=encipherment only', '1009', {
    keys: shared,
    usage: x509.KeyUsageFlags.keyEncipherment,
  });
  leaves.other = await leaf(issuing, 'C=CN, CN=supervisor1', '100A', { keys: shared });
  leaves.noSki = await leaf(issuing, 'C=CN, CN=no key identifier', '100B', { keys: shared, ski: false });

  const crl = await x509.X509CrlGenerator.create({
    issuer: issuing.cert.subject,
    thisUpdate: new Date(Date.now() - 3_600_000),
    nextUpdate: new Date(Date.now() + 7 * DAY),
    entries: [
      {
        serialNumber: leaves.revoked.cert.serialNumber,
        revocationDate: new Date(Date.now() - 3_600_000),
        reason: x509.X509CrlReason.keyCompromise,
      },
    ],
    signingKey: issuing.keys.privateKey,
    signingAlgorithm: RSA,
  });
  const rootCrl = await x509.X509CrlGenerator.create({
    issuer: root.cert.subject,
    thisUpdate: new Date(Date.now() - 3_600_000),
    nextUpdate: new Date(Date.now() + 30 * DAY),
    signingKey: root.keys.privateKey,
    signingAlgorithm: RSA,
  });
  writeFileSync(path.join(dir, 'trust.pem'), `${root.cert.toString('pem')}\n${issuing.cert.toString('pem')}\n`);
  writeFileSync(path.join(dir, 'crl.pem'), `${crl.toString('pem')}\n${rootCrl.toString('pem')}\n`);
  // The same lists as DER, one after the other.
  writeFileSync(path.join(dir, 'crl.der'), Buffer.concat([Buffer.from(crl.rawData), Buffer.from(rootCrl.rawData)]));
  t = await createTestApp({ CA_TRUST_FILE: path.join(dir, 'trust.pem'), CA_CRL_FILE: path.join(dir, 'crl.pem') });
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

// ── Calls ──────────────────────────────────────────────────────────────────────────────────────

const FIELDS = ['caKey', 'issuer', 'subject', 'subKeyID', 'encoded', 'serialNumber', 'na'] as const;
type Field = (typeof FIELDS)[number];

async function challenge(app = t.app): Promise<{ na: string; challenge: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/caLogin/challenge' });
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return res.json().data;
}

const encodedOf = (h: Holder) => b64(h.cert.rawData);
const ski = (h: Holder) => h.cert.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId ?? '';

/** The seven fields as the sign-in page states them, from @peculiar/x509's reading of the certificate. */
async function statedFields(h: Holder, signWith = h.keys.privateKey): Promise<Record<Field, string>> {
  const { na, challenge: text } = await challenge();
  return {
    caKey: await signText(signWith, text),
    issuer: h.cert.issuer,
    subject: h.cert.subject,
    subKeyID: ski(h),
    encoded: encodedOf(h),
    serialNumber: h.cert.serialNumber,
    na,
  };
}

/** POST /api/caLogin with the fields in the query string, each encrypted unless listed in `plain`. */
function caLogin(fields: Record<Field, string>, opts: { plain?: Field[]; app?: TestApp['app']; zh?: boolean } = {}) {
  const query = new URLSearchParams();
  for (const f of FIELDS) query.set(f, opts.plain?.includes(f) ? fields[f] : t.cipher.encrypt(fields[f]));
  return (opts.app ?? t.app).inject({
    method: 'POST',
    url: `/api/caLogin?${query.toString()}`,
    headers: opts.zh ? { 'accept-language': 'zh-CN' } : {},
  });
}

async function bind(token: string, h: Holder, opts: { na?: string; text?: string } = {}) {
  const fresh = opts.na ? { na: opts.na, challenge: opts.text! } : await challenge();
  return t.app.inject({
    method: 'POST',
    url: '/api/user/ca/bind',
    headers: bearer(token),
    payload: { encoded: encodedOf(h), caKey: await signText(h.keys.privateKey, fresh.challenge), na: fresh.na },
  });
}

async function lastSignIn() {
  const [row] = await queryRows<{ login_name: string; method: string; status: string; msg: string; user_id: number }>(
    t.database.db,
    sql`select login_name, method, status, msg, user_id from signin_log order by id desc limit 1`,
  );
  return row!;
}

async function moveClock(offsetSeconds: number) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { offsetSeconds } });
  expect(res.json().code).toBe(200);
}

const REFUSAL = { code: 500, msg: CA_SIGN_IN_REFUSED.en };

/** A refused sign-in: the one answer, and the sign-in log's row naming `reason`. */
async function expectRefused(res: Awaited<ReturnType<typeof caLogin>>, reason: { en: string }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual(REFUSAL);
  expect(await lastSignIn()).toMatchObject({ method: 'ca', status: '1', msg: reason.en });
}

const tokens: Record<string, string> = {};

// ── Tests ──────────────────────────────────────────────────────────────────────────────────────

describe('challenge', () => {
  it('answers a random name and text to sign, each call anew', async () => {
    const a = await challenge();
    const b = await challenge();
    expect(a.na).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.na).not.toBe(a.na);
    expect(b.challenge).not.toBe(a.challenge);
  });
});

describe('bind, then sign in', () => {
  it('binds a supplier RSA certificate and signs the supplier in with it; the token works', async () => {
    tokens.supplier = await signInSupplier(t, '13900000001');
    const bound = await bind(tokens.supplier, leaves.supplier);
    expect(bound.json(), bound.body).toEqual({ code: 200, msg: 'certificate bound' });

    const list = await t.app.inject({ method: 'GET', url: '/api/user/ca', headers: bearer(tokens.supplier) });
    const der = Buffer.from(leaves.supplier.cert.rawData);
    expect(list.json()).toMatchObject({
      code: 200,
      total: 1,
      rows: [
        {
          sha256: createHash('sha256').update(der).digest('hex'),
          subject: 'C=CN, O=Hangzhou Jianye Construction Co.\\, Ltd., CN=杭州建业 供应商',
          issuer: ISSUING_NAME,
          serialNumber: 'A1001',
          notBefore: leaves.supplier.cert.notBefore.toISOString(),
          notAfter: leaves.supplier.cert.notAfter.toISOString(),
        },
      ],
    });

    const res = await caLogin(await statedFields(leaves.supplier));
    expect(res.json(), res.body).toMatchObject({ code: 200, msg: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(res.json().msg) });
    expect(info.json().rows.user).toMatchObject({ types: 1, logTel: '13900000001', roles: ['supplier'] });
    expect(await lastSignIn()).toMatchObject({
      method: 'ca',
      status: '0',
      msg: 'signed in',
      login_name: '13900000001',
    });
  });

  it('signs an employee in with an RSA certificate', async () => {
    tokens.owner1 = await signInAs(t, 'owner1');
    expect((await bind(tokens.owner1, leaves.employee)).json()).toMatchObject({ code: 200 });
    const res = await caLogin(await statedFields(leaves.employee));
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(res.json().msg) });
    expect(info.json().rows.user).toMatchObject({ types: 0, logUid: 'owner1' });
  });

  it('signs in with an ECDSA P-256 certificate (signature in DER)', async () => {
    tokens.auditor1 = await signInAs(t, 'auditor1');
    expect((await bind(tokens.auditor1, leaves.ecdsa)).json()).toMatchObject({ code: 200 });
    const res = await caLogin(await statedFields(leaves.ecdsa));
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(res.json().msg) });
    expect(info.json().rows.user).toMatchObject({ logUid: 'auditor1' });
  });

  it('takes the stated fields in the other usual forms: Node names, reversed order, serial with zeros', async () => {
    const fields = await statedFields(leaves.employee);
    const node = new (await import('node:crypto')).X509Certificate(Buffer.from(leaves.employee.cert.rawData));
    fields.subject = node.subject.split('\n').reverse().join(',');
    fields.issuer = node.issuer;
    fields.serialNumber = `00:${normalizedHex(leaves.employee.cert.serialNumber).toLowerCase()}`;
    fields.subKeyID = ski(leaves.employee)
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1:');
    expect((await caLogin(fields)).json()).toMatchObject({ code: 200 });
  });

  it('a certificate without a key identifier: the derived one (RFC 5280 method 1) or none', async () => {
    tokens.supervisor1 = await signInAs(t, 'supervisor1');
    expect((await bind(tokens.supervisor1, leaves.noSki)).json()).toMatchObject({ code: 200 });
    const fields = await statedFields(leaves.noSki);
    fields.subKeyID = Buffer.from(await leaves.noSki.cert.publicKey.getKeyIdentifier()).toString('hex');
    expect((await caLogin(fields)).json()).toMatchObject({ code: 200 });
    // Or nothing, since it has none; but not another identifier.
    expect((await caLogin({ ...(await statedFields(leaves.noSki)), subKeyID: '' })).json()).toMatchObject({
      code: 200,
    });
    await expectRefused(
      await caLogin({ ...(await statedFields(leaves.noSki)), subKeyID: 'ABCD' }),
      CA_REASONS.fieldDiffers('subKeyID'),
    );
  });
});

describe('every refusal answers the same, and the log names its reason', () => {
  it('a certificate forged under the issuing CA name by another key', async () => {
    await expectRefused(await caLogin(await statedFields(leaves.forged)), CA_REASONS.untrusted);
  });

  it('an expired certificate', async () => {
    await expectRefused(await caLogin(await statedFields(leaves.expired)), CA_REASONS.expired);
  });

  it('a revoked certificate, by the issuing CA list', async () => {
    await expectRefused(await caLogin(await statedFields(leaves.revoked)), CA_REASONS.revoked);
  });

  it('a certificate whose key usage does not sign', async () => {
    await expectRefused(await caLogin(await statedFields(leaves.noSigning)), CA_REASONS.leafUsage);
  });

  it('something that is not a certificate', async () => {
    const fields = await statedFields(leaves.supplier);
    fields.encoded = b64(Buffer.from('not a certificate'));
    await expectRefused(await caLogin(fields), CA_REASONS.unreadable);
  });

  it('a replayed challenge, and an unknown one', async () => {
    const fields = await statedFields(leaves.supplier);
    expect((await caLogin(fields)).json().code).toBe(200);
    await expectRefused(await caLogin(fields), CA_REASONS.usedChallenge);
    await expectRefused(await caLogin({ ...fields, na: 'no-such-challenge' }), CA_REASONS.unknownChallenge);
  });

  it('one challenge sent fifty times at once signs in once', async () => {
    const fields = await statedFields(leaves.supplier);
    const answers = await Promise.all(Array.from({ length: 50 }, () => caLogin(fields)));
    expect(answers.filter((a) => a.json().code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.json().code !== 200))
      expect(refused.json().msg).toBe(answers.find((a) => a.json().code !== 200)!.json().msg);
  });

  it('an expired challenge: the platform clock moved past two minutes', async () => {
    const fields = await statedFields(leaves.supplier);
    await moveClock(121);
    try {
      await expectRefused(await caLogin(fields), CA_REASONS.expiredChallenge);
    } finally {
      await moveClock(0);
    }
  });

  it('a signature over another challenge', async () => {
    const fields = await statedFields(leaves.supplier);
    const other = await challenge();
    fields.caKey = await signText(leaves.supplier.keys.privateKey, other.challenge);
    await expectRefused(await caLogin(fields), CA_REASONS.badSignature);
  });

  it('a signature by another key', async () => {
    const fields = await statedFields(leaves.supplier, leaves.unbound.keys.privateKey);
    await expectRefused(await caLogin(fields), CA_REASONS.badSignature);
  });

  it.each([
    ['issuer', 'C=CN, O=LVB Test CA, CN=LVB Other CA'],
    ['subject', 'C=CN, O=Hangzhou Jianye Construction Co.\\, Ltd., CN=someone else'],
    ['serialNumber', 'A1002'],
    ['subKeyID', '0123456789abcdef'],
  ] as const)('a stated %s that differs from the certificate', async (field, value) => {
    const fields = await statedFields(leaves.supplier);
    fields[field] = value;
    await expectRefused(await caLogin(fields), CA_REASONS.fieldDiffers(field));
  });

  it('a certificate bound to no account', async () => {
    await expectRefused(await caLogin(await statedFields(leaves.unbound)), CA_REASONS.unbound);
  });

  it('a certificate bound to a disabled account', async () => {
    const token = await signInAs(t, 'finance1');
    expect((await bind(token, leaves.disabled)).json()).toMatchObject({ code: 200 });
    await t.database.db.execute(sql`update users set status = '1' where login_uid = 'finance1'`);
    try {
      const res = await caLogin(await statedFields(leaves.disabled));
      expect(res.json()).toEqual(REFUSAL);
      expect(await lastSignIn()).toMatchObject({
        method: 'ca',
        status: '1',
        login_name: 'finance1',
        msg: 'this account is disabled, please contact the administrator',
      });
    } finally {
      await t.database.db.execute(sql`update users set status = '0' where login_uid = 'finance1'`);
    }
  });

  it('a certificate bound to a removed account', async () => {
    await t.database.db.execute(sql`update users set deleted_at = now() where login_uid = 'finance1'`);
    try {
      const res = await caLogin(await statedFields(leaves.disabled));
      expect(res.json()).toEqual(REFUSAL);
      expect(await lastSignIn()).toMatchObject({ status: '1', msg: 'this account is removed' });
    } finally {
      await t.database.db.execute(sql`update users set deleted_at = null where login_uid = 'finance1'`);
    }
  });

  it.each(FIELDS)('the field %s sent without the login cipher', async (field) => {
    const fields = await statedFields(leaves.supplier);
    await expectRefused(await caLogin(fields, { plain: [field] }), CA_REASONS.notEncrypted(field));
  });

  it('the challenge is used up by a refused attempt too', async () => {
    const fields = await statedFields(leaves.supplier);
    await expectRefused(await caLogin(fields, { plain: ['encoded'] }), CA_REASONS.notEncrypted('encoded'));
    await expectRefused(await caLogin(fields), CA_REASONS.usedChallenge);
  });

  it('a revocation list past its next update: the platform clock moved eight days', async () => {
    await moveClock(8 * 86_400);
    try {
      const fields = await statedFields(leaves.supplier);
      await expectRefused(await caLogin(fields), CA_REASONS.crlOutOfDate);
    } finally {
      await moveClock(0);
    }
  });

  it('no trust file: the challenge and the sign-in answer the same', async () => {
    const app = await t.restart({ CA_TRUST_FILE: '', CA_CRL_FILE: '' });
    const asked = await app.inject({ method: 'GET', url: '/api/caLogin/challenge' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual(REFUSAL);
    const fields = await statedFields(leaves.supplier);
    await expectRefused(await caLogin(fields, { app }), CA_REASONS.noTrust);
  });

  it('in Chinese, the one message in Chinese', async () => {
    const res = await caLogin(await statedFields(leaves.unbound), { zh: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 500, msg: CA_SIGN_IN_REFUSED.zh });
  });

  it('a missing field is named, as at every sign-in', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/caLogin?na=${t.cipher.encrypt('x')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/caKey/);
  });
});

describe('binding', () => {
  it('refuses a certificate that does not verify, saying why', async () => {
    const forged = await bind(tokens.owner1!, leaves.forged);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 500, msg: `certificate not accepted: ${CA_REASONS.untrusted.en}` });
    const revoked = await bind(tokens.owner1!, leaves.revoked);
    expect(revoked.json().msg).toBe(`certificate not accepted: ${CA_REASONS.revoked.en}`);
    const expired = await bind(tokens.owner1!, leaves.expired);
    expect(expired.json().msg).toBe(`certificate not accepted: ${CA_REASONS.expired.en}`);
  });

  it('refuses a signature over another challenge, and a used challenge', async () => {
    const a = await challenge();
    const b = await challenge();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/ca/bind',
      headers: bearer(tokens.owner1!),
      payload: {
        encoded: encodedOf(leaves.other),
        caKey: await signText(leaves.other.keys.privateKey, b.challenge),
        na: a.na,
      },
    });
    expect(res.json().msg).toBe(`certificate not accepted: ${CA_REASONS.badSignature.en}`);
    const again = await bind(tokens.owner1!, leaves.other, { na: a.na, text: a.challenge });
    expect(again.json().msg).toBe(`certificate not accepted: ${CA_REASONS.usedChallenge.en}`);
  });

  it('one account per certificate: 409 when bound to another, 409 "already bound" to the caller', async () => {
    const elsewhere = await bind(tokens.owner1!, leaves.supplier);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ code: 500, msg: 'this certificate is already bound to another account' });
    const again = await bind(tokens.supplier!, leaves.supplier);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/already bound to your account/);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/ca' });
    expect(res.statusCode).toBe(401);
  });

  it("lists only the caller's certificates, removes one of them, and 404 for any other", async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/user/ca', headers: bearer(tokens.owner1!) })).json();
    expect(mine.rows.map((r: { subject: string }) => r.subject)).toEqual([
      'C=CN, O=Demo Owner, CN=owner1, emailAddress=owner1@example.test',
    ]);
    const supplierSha = createHash('sha256').update(Buffer.from(leaves.supplier.cert.rawData)).digest('hex');
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/ca/${supplierSha}`,
      headers: bearer(tokens.owner1!),
    });
    expect(notMine.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/ca/xyz',
      headers: bearer(tokens.owner1!),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toMatch(/64 hexadecimal digits/);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/ca/${mine.rows[0].sha256}`,
      headers: bearer(tokens.owner1!),
    });
    expect(removed.json()).toEqual({ code: 200, msg: 'certificate removed' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/user/ca', headers: bearer(tokens.owner1!) })).json();
    expect(after).toMatchObject({ rows: [], total: 0 });
    // Its sign-in ends with the binding.
    await expectRefused(await caLogin(await statedFields(leaves.employee)), CA_REASONS.unbound);
    // The supplier's stays.
    expect((await caLogin(await statedFields(leaves.supplier))).json().code).toBe(200);
  });
});

describe('trust files and normalisation', () => {
  it('reads revocation lists as DER, one after another', async () => {
    const trust = await loadCaTrust({ trustFile: path.join(dir, 'trust.pem'), crlFile: path.join(dir, 'crl.der') });
    expect(trust.cas.map((ca) => ca.crls.length)).toEqual([1, 1]);
    await expect(verifyCertificate(trust, encodedOf(leaves.revoked), new Date())).rejects.toMatchObject({
      reason: CA_REASONS.revoked,
    });
    expect((await verifyCertificate(trust, encodedOf(leaves.supplier), new Date())).serialNumber).toBe('A1001');
  });

  it('refuses the certificates of a CA whose list does not verify, and says so at start', async () => {
    const forger = await rsaKeys();
    const tampered = await x509.X509CrlGenerator.create({
      issuer: issuing.cert.subject,
      nextUpdate: new Date(Date.now() + DAY),
      signingKey: forger.privateKey,
      signingAlgorithm: RSA,
    });
    writeFileSync(path.join(dir, 'tampered.pem'), tampered.toString('pem'));
    const trust = await loadCaTrust({
      trustFile: path.join(dir, 'trust.pem'),
      crlFile: path.join(dir, 'tampered.pem'),
    });
    expect(trust.warnings.join('\n')).toMatch(/does not verify/);
    await expect(verifyCertificate(trust, encodedOf(leaves.supplier), new Date())).rejects.toMatchObject({
      reason: CA_REASONS.crlUnverified,
    });
  });

  it('refuses a chain through a bundle certificate that is not a CA, or longer than a CA allows', async () => {
    const under = async (subject: string, serialNumber: string, extensions: x509.Extension[]) => {
      const keys = await rsaKeys();
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber,
        subject,
        issuer: issuing.cert.subject,
        notBefore: new Date(Date.now() - DAY),
        notAfter: new Date(Date.now() + 365 * DAY),
        publicKey: keys.publicKey,
        signingKey: issuing.keys.privateKey,
        signingAlgorithm: RSA,
        extensions: [...extensions, await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)],
      });
      return { cert, keys };
    };
    // It may sign certificates by its key usage, but basicConstraints says it is no CA.
    const notCa = await under('C=CN, CN=Not a CA', '3001', [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ]);
    // A CA, but the issuing CA allows no CA below it (pathLenConstraint 0).
    const subCa = await under('C=CN, CN=Sub CA', '3002', [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ]);
    writeFileSync(
      path.join(dir, 'longer.pem'),
      [root, issuing, notCa, subCa].map((h) => h.cert.toString('pem')).join('\n'),
    );
    const trust = await loadCaTrust({ trustFile: path.join(dir, 'longer.pem') });
    expect(trust.warnings.join('\n')).toMatch(/CN=Not a CA is not a CA certificate/);
    const belowNotCa = await leaf(notCa, 'C=CN, CN=below no CA', '3003');
    await expect(verifyCertificate(trust, encodedOf(belowNotCa), new Date())).rejects.toMatchObject({
      reason: CA_REASONS.notACa,
    });
    const belowSubCa = await leaf(subCa, 'C=CN, CN=below the sub CA', '3004');
    await expect(verifyCertificate(trust, encodedOf(belowSubCa), new Date())).rejects.toMatchObject({
      reason: CA_REASONS.pathLength,
    });
  });

  it('stops the start on a file it cannot use', async () => {
    writeFileSync(path.join(dir, 'empty.pem'), 'nothing here');
    await expect(loadCaTrust({ trustFile: path.join(dir, 'empty.pem') })).rejects.toBeInstanceOf(CaTrustError);
    await expect(loadCaTrust({ trustFile: path.join(dir, 'missing.pem') })).rejects.toThrow(/CA_TRUST_FILE/);
    await expect(
      loadCaTrust({ trustFile: path.join(dir, 'trust.pem'), crlFile: path.join(dir, 'empty.pem') }),
    ).rejects.toThrow(/CA_CRL_FILE/);
  });

  it('compares names by attribute, in either order, through the usual aliases', () => {
    const node = 'C=CN\nO=Demo\\, Inc.\nCN=测试 Root\nemailAddress=a@b.c';
    expect(sameName('C=CN, O=Demo\\, Inc., CN=测试 Root, E=a@b.c', node)).toBe(true);
    expect(sameName('emailAddress=a@b.c,CN=测试 Root,O=Demo\\, Inc.,C=CN', node)).toBe(true);
    expect(sameName('c=CN\no=Demo\\, Inc.\ncn=测试 Root\nE=a@b.c', node)).toBe(true);
    expect(sameName('C=CN, O=Demo, Inc., CN=测试 Root, E=a@b.c', node)).toBe(false);
    expect(sameName('C=CN, O=demo\\, inc., CN=测试 Root, E=a@b.c', node)).toBe(false);
    expect(sameName('C=CN, CN=测试 Root, O=Demo\\, Inc., E=a@b.c', node)).toBe(false);
    expect(normalizedName('2.5.4.3=x, S=Zhejiang')).toBe('cn=x\nst=Zhejiang');
    expect(normalizedHex('00:0a:B1')).toBe('AB1');
    expect(normalizedHex('000')).toBe('0');
  });

  it("turns Web Crypto's ECDSA signature into the DER that OpenSSL verifies", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    for (let i = 0; i < 20; i++) {
      const data = Buffer.from(`message ${i}`);
      const raw = nodeSign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
      const der = Buffer.from(ecdsaRawToDer(new Uint8Array(raw)));
      const { verify } = await import('node:crypto');
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'der' }, der)).toBe(true);
    }
  });
});
