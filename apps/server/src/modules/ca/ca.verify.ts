import { createHash, verify as verifySignature, X509Certificate, type KeyObject } from 'node:crypto';
import { normalizedHex } from '@lvb/contracts/ca';
import { text, type Text } from '../../i18n/text.ts';
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate as ParsedCertificate,
} from './x509.ts';

/**
 * Verification of a certificate sign-in (DESIGN §9), pure: no database, the time given. Node's
 * `X509Certificate` (OpenSSL) parses certificates and checks each signature of the chain, the
 * dates, names and the challenge's signature; @peculiar/x509 (./x509.ts) reads what Node does not:
 * keyUsage, basicConstraints, the subject key identifier and revocation lists.
 */

/** Why a certificate was refused: written to the sign-in log, never answered to a caller of caLogin. */
export class CaRefusal extends Error {
  constructor(readonly reason: Text) {
    super(reason.en);
    this.name = 'CaRefusal';
  }
}

/** Every reason a certificate sign-in is refused, as the sign-in log names it. */
export const CA_REASONS = {
  noTrust: text('no trusted CA configured', '未配置受信任的 CA'),
  notEncrypted: (field: string) =>
    text(`field ${field} does not decrypt with the login cipher`, `字段 ${field} 无法用登录密钥解密`),
  unknownChallenge: text('unknown challenge', '挑战不存在'),
  usedChallenge: text('challenge already used', '挑战已被使用'),
  expiredChallenge: text('challenge expired', '挑战已过期'),
  unreadable: text('certificate does not parse', '证书无法解析'),
  untrusted: text('certificate not issued by a trusted CA', '证书不是受信任的 CA 签发的'),
  notYetValid: text('certificate not yet valid', '证书尚未生效'),
  expired: text('certificate expired', '证书已过期'),
  caNotYetValid: text('a CA certificate of the chain is not yet valid', '证书链中的 CA 证书尚未生效'),
  caExpired: text('a CA certificate of the chain has expired', '证书链中的 CA 证书已过期'),
  leafUsage: text('certificate key usage does not allow signatures', '证书的密钥用法不允许签名'),
  notACa: text('a certificate of the chain is not allowed to issue certificates', '证书链中的证书无权签发证书'),
  pathLength: text('the chain is longer than a CA allows', '证书链长度超出 CA 的限制'),
  revoked: text('certificate revoked', '证书已吊销'),
  caRevoked: text('a CA certificate of the chain is revoked', '证书链中的 CA 证书已吊销'),
  crlOutOfDate: text('revocation list out of date', '证书吊销列表已过期'),
  crlUnverified: text('revocation list signature does not verify', '证书吊销列表的签名无法验证'),
  unsupportedKey: text('certificate key algorithm not supported', '不支持该证书的密钥算法'),
  badSignature: text('signature over the challenge does not verify', '对挑战的签名无法验证'),
  fieldDiffers: (field: string) => text(`stated ${field} differs from the certificate`, `提交的 ${field} 与证书不一致`),
  unbound: text('certificate not bound to an account', '证书未绑定账号'),
} as const;

/** A revocation list whose signature its issuer's key verified. */
export interface TrustedCrl {
  thisUpdate: Date;
  nextUpdate: Date | undefined;
  /** Serial numbers revoked, normalised (`normalizedHex`). */
  revoked: ReadonlySet<string>;
}

/** A certificate of the trust bundle: a root when it is self-signed, an intermediate otherwise. */
export interface TrustedCa {
  cert: X509Certificate;
  fingerprint: string;
  selfSigned: boolean;
  /** basicConstraints cA, its pathLenConstraint, and keyUsage (null without the extension). */
  constraints: { ca: boolean; pathLength: number | undefined; keyUsage: number | null };
  /** Its revocation lists from CA_CRL_FILE whose signature its key verified. */
  crls: TrustedCrl[];
  /** A list in CA_CRL_FILE names this CA but no trusted key of that name verifies it. */
  unverifiedCrl: boolean;
}

export interface CaTrust {
  cas: TrustedCa[];
  /** What the operator should know at start (lists ignored, CAs without a list). */
  warnings: string[];
}

/** What a verified certificate contributes to the sign-in and its binding. */
export interface VerifiedCertificate {
  /** SHA-256 of the DER, lower-case hex. */
  sha256: string;
  subject: string;
  issuer: string;
  /** `normalizedHex` of the serial number. */
  serialNumber: string;
  /** `normalizedHex` of the subject key identifier (see `subjectKeyId`). */
  subKeyID: string;
  /** Whether the certificate carries the subject key identifier extension (else it is derived). */
  hasSubKeyID: boolean;
  notBefore: Date;
  notAfter: Date;
  /** The subject's common name, for the sign-in log. */
  commonName: string;
  publicKey: KeyObject;
}

/** The fields a caller states about the certificate in caLogin. */
export interface StatedFields {
  issuer: string;
  subject: string;
  serialNumber: string;
  subKeyID: string;
}

// ── Names ──────────────────────────────────────────────────────────────────────────────────────

/** Attribute names that tools write differently, to one spelling (lower case). */
const ATTRIBUTE_ALIASES: Record<string, string> = {
  e: 'emailaddress',
  email: 'emailaddress',
  '1.2.840.113549.1.9.1': 'emailaddress',
  g: 'gn',
  givenname: 'gn',
  '2.5.4.42': 'gn',
  surname: 'sn',
  '2.5.4.4': 'sn',
  t: 'title',
  '2.5.4.12': 'title',
  i: 'initials',
  '2.5.4.43': 'initials',
  s: 'st',
  '2.5.4.8': 'st',
  '2.5.4.3': 'cn',
  '2.5.4.6': 'c',
  '2.5.4.7': 'l',
  '2.5.4.10': 'o',
  '2.5.4.11': 'ou',
  '2.5.4.5': 'serialnumber',
  '0.9.2342.19200300.100.1.25': 'dc',
  '0.9.2342.19200300.100.1.1': 'uid',
};

/** Splits a distinguished name at its unescaped separators: new lines, commas and `+`. */
function attributesOf(name: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    if (ch === '\\' && i + 1 < name.length) {
      current += ch + name[i + 1];
      i += 1;
    } else if (ch === '\n' || ch === ',' || ch === '+') {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * A distinguished name as one comparable text: its attributes in order, `type=value` a line.
 * The certificate's side is Node's `subject`/`issuer` (OpenSSL: one attribute a line, RFC 2253
 * escapes); a stated name may also separate its attributes with commas (`C=CN, O=Demo, CN=Root`,
 * as @peculiar/x509 and most tools write it). Attribute types compare without case and through
 * their aliases (`E` = `emailAddress`, dotted OIDs of the usual ones); values compare exactly, as
 * escaped, after trimming.
 */
export function normalizedName(name: string): string {
  return attributesOf(name)
    .map((attr) => {
      const eq = attr.indexOf('=');
      if (eq < 0) return attr;
      const type = attr.slice(0, eq).trim().toLowerCase();
      return `${ATTRIBUTE_ALIASES[type] ?? type}=${attr.slice(eq + 1).trim()}`;
    })
    .join('\n');
}

/** Whether a stated name is the certificate's, in the certificate's order or reversed (RFC 4514's). */
export function sameName(stated: string, certificate: string): boolean {
  const want = normalizedName(certificate);
  const got = normalizedName(stated);
  return got === want || got.split('\n').reverse().join('\n') === want;
}

const commonNameOf = (name: string) =>
  normalizedName(name)
    .split('\n')
    .find((a) => a.startsWith('cn='))
    ?.slice(3) ?? '';

// ── Certificates ───────────────────────────────────────────────────────────────────────────────

/** Node writes dates as OpenSSL does ("Nov 26 22:34:38 2026 GMT"), which Date parses. */
const dateOf = (openssl: string) => new Date(openssl);

/** A certificate from base64 of its DER (PEM armour and white space tolerated), or a refusal. */
export function parseCertificate(encoded: string): { cert: X509Certificate; der: Buffer } {
  const base64 = encoded.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new CaRefusal(CA_REASONS.unreadable);
  const der = Buffer.from(base64, 'base64');
  try {
    return { cert: new X509Certificate(der), der };
  } catch {
    throw new CaRefusal(CA_REASONS.unreadable);
  }
}

/** The extensions Node does not read, through @peculiar/x509. */
export function extensionsOf(der: Buffer) {
  const parsed = new ParsedCertificate(new Uint8Array(der));
  return {
    parsed,
    basic: parsed.getExtension(BasicConstraintsExtension),
    keyUsage: parsed.getExtension(KeyUsagesExtension)?.usages ?? null,
    subjectKeyId: parsed.getExtension(SubjectKeyIdentifierExtension)?.keyId ?? null,
  };
}

/** Node's signature check, which throws on keys it cannot use: false then. */
function signedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/** Whether a certificate is its own issuer, by name and signature: a root of the bundle. */
export const isSelfSigned = (cert: X509Certificate) => signedBy(cert, cert);

/**
 * Every path from `cert` up to a root of the bundle, each link a certificate of the bundle whose
 * name is the link's issuer and whose key verifies its signature (a certificate forged under a
 * CA's name by another key has none). Bounded: no CA twice, at most 8 links.
 */
function pathsUp(trust: CaTrust, cert: X509Certificate, below: string[]): TrustedCa[][] {
  if (below.length > 8) return [];
  const paths: TrustedCa[][] = [];
  for (const ca of trust.cas) {
    if (below.includes(ca.fingerprint) || !signedBy(cert, ca.cert)) continue;
    if (ca.selfSigned) paths.push([ca]);
    else for (const rest of pathsUp(trust, ca.cert, [...below, ca.fingerprint])) paths.push([ca, ...rest]);
  }
  return paths;
}

/**
 * The revocation lists of `issuer` to check its certificates against: null when CA_CRL_FILE has
 * none of it; a refusal when the lists naming it do not verify, or the newest is past nextUpdate.
 */
function revocationOf(issuer: TrustedCa, now: Date): TrustedCrl[] | null {
  if (issuer.crls.length === 0) {
    if (issuer.unverifiedCrl) throw new CaRefusal(CA_REASONS.crlUnverified);
    // No list of this CA was given: its certificates are not checked (the start says so).
    return null;
  }
  const newest = issuer.crls.reduce((a, b) => (b.thisUpdate > a.thisUpdate ? b : a));
  if (newest.nextUpdate && newest.nextUpdate < now) throw new CaRefusal(CA_REASONS.crlOutOfDate);
  return issuer.crls;
}

/** Checks one path [leaf's issuer … root] for the leaf at `now`; throws the first refusal. */
function checkPath(leaf: X509Certificate, leafUsage: number | null, path: TrustedCa[], now: Date) {
  const within = (cert: X509Certificate, isLeaf: boolean) => {
    if (dateOf(cert.validFrom) > now) throw new CaRefusal(isLeaf ? CA_REASONS.notYetValid : CA_REASONS.caNotYetValid);
    if (dateOf(cert.validTo) < now) throw new CaRefusal(isLeaf ? CA_REASONS.expired : CA_REASONS.caExpired);
  };
  within(leaf, true);
  path.forEach((ca) => within(ca.cert, false));

  // The leaf signs: digitalSignature, or nonRepudiation (the usage of signing certificates).
  const signs = KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation;
  if (leafUsage === null || (leafUsage & signs) === 0) throw new CaRefusal(CA_REASONS.leafUsage);

  // Each CA: basicConstraints cA=true, keyUsage keyCertSign, and no more CAs below it than its
  // pathLenConstraint allows (the intermediates between it and the leaf).
  path.forEach((ca, index) => {
    const { ca: isCa, pathLength, keyUsage } = ca.constraints;
    if (!isCa || keyUsage === null || (keyUsage & KeyUsageFlags.keyCertSign) === 0) {
      throw new CaRefusal(CA_REASONS.notACa);
    }
    if (pathLength !== undefined && index > pathLength) throw new CaRefusal(CA_REASONS.pathLength);
  });

  // Revocation of every certificate below the root, by the lists of its issuer.
  const chain = [leaf, ...path.map((ca) => ca.cert)];
  path.forEach((issuer, index) => {
    const lists = revocationOf(issuer, now);
    if (!lists) return;
    const serial = normalizedHex(chain[index]!.serialNumber);
    if (lists.some((crl) => crl.revoked.has(serial))) {
      throw new CaRefusal(index === 0 ? CA_REASONS.revoked : CA_REASONS.caRevoked);
    }
  });
}

/**
 * The subject key identifier: the extension's, or for a certificate without one the identifier
 * RFC 5280 §4.2.1.2 (1) derives (SHA-1 of the subjectPublicKey bits), so every certificate has one.
 */
async function subjectKeyId(ext: ReturnType<typeof extensionsOf>): Promise<string> {
  if (ext.subjectKeyId) return normalizedHex(ext.subjectKeyId);
  return normalizedHex(Buffer.from(await ext.parsed.publicKey.getKeyIdentifier()).toString('hex'));
}

/**
 * Verifies a certificate at `now` (the business clock): a chain from it through the bundle's
 * intermediates to a trusted root, signature by signature; every certificate's dates; the leaf's
 * key usage; each CA's constraints; revocation by the lists of each issuer. Throws `CaRefusal`.
 */
export async function verifyCertificate(trust: CaTrust, encoded: string, now: Date): Promise<VerifiedCertificate> {
  const { cert, der } = parseCertificate(encoded);
  let ext: ReturnType<typeof extensionsOf>;
  try {
    ext = extensionsOf(der);
  } catch {
    throw new CaRefusal(CA_REASONS.unreadable);
  }
  const sha256 = createHash('sha256').update(der).digest('hex');
  const paths = isSelfSigned(cert) ? [] : pathsUp(trust, cert, [cert.fingerprint256]);
  if (paths.length === 0) throw new CaRefusal(CA_REASONS.untrusted);
  // The first path that passes wins; when none does, the first path's refusal is the reason.
  let refusal: CaRefusal | undefined;
  const passes = paths.some((path) => {
    try {
      checkPath(cert, ext.keyUsage, path, now);
      return true;
    } catch (err) {
      if (!(err instanceof CaRefusal)) throw err;
      refusal ??= err;
      return false;
    }
  });
  if (!passes) throw refusal!;
  return {
    sha256,
    subject: cert.subject,
    issuer: cert.issuer,
    serialNumber: normalizedHex(cert.serialNumber),
    subKeyID: await subjectKeyId(ext),
    hasSubKeyID: ext.subjectKeyId !== null,
    notBefore: dateOf(cert.validFrom),
    notAfter: dateOf(cert.validTo),
    commonName: commonNameOf(cert.subject),
    publicKey: cert.publicKey,
  };
}

/**
 * Proof of possession: `signature` (base64) over the UTF-8 bytes of the challenge text by the
 * certificate's key, RSASSA-PKCS1-v1_5 with SHA-256 (RSA of 2048 bits or more) or ECDSA P-256
 * with SHA-256 in DER (CA_SIGNATURE). Throws `CaRefusal`.
 */
export function verifyPossession(cert: VerifiedCertificate, challenge: string, signature: string) {
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  const rsa = key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= 2048;
  const p256 = key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1';
  if (!rsa && !p256) throw new CaRefusal(CA_REASONS.unsupportedKey);
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(signature) ? Buffer.from(signature, 'base64') : null;
  let ok = false;
  try {
    ok =
      bytes !== null &&
      bytes.length > 0 &&
      verifySignature('sha256', Buffer.from(challenge, 'utf8'), p256 ? { key, dsaEncoding: 'der' } : key, bytes);
  } catch {
    ok = false;
  }
  if (!ok) throw new CaRefusal(CA_REASONS.badSignature);
}

/**
 * The fields the caller states equal the certificate's: names by `sameName`, the serial number
 * and the subject key identifier by `normalizedHex` (empty stands for a certificate without the
 * extension). Throws `CaRefusal` naming the first that differs.
 */
export function checkStatedFields(cert: VerifiedCertificate, stated: StatedFields) {
  if (!sameName(stated.issuer, cert.issuer)) throw new CaRefusal(CA_REASONS.fieldDiffers('issuer'));
  if (!sameName(stated.subject, cert.subject)) throw new CaRefusal(CA_REASONS.fieldDiffers('subject'));
  if (normalizedHex(stated.serialNumber) !== cert.serialNumber) {
    throw new CaRefusal(CA_REASONS.fieldDiffers('serialNumber'));
  }
  // A certificate without the extension has no identifier to state: empty, or the derived one.
  const subKeyID = normalizedHex(stated.subKeyID);
  if (subKeyID !== cert.subKeyID && !(subKeyID === '' && !cert.hasSubKeyID)) {
    throw new CaRefusal(CA_REASONS.fieldDiffers('subKeyID'));
  }
}
