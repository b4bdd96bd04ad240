import { z } from 'zod';

/**
 * CA certificate sign-in (DESIGN §9). The server keeps trusted roots and intermediates
 * (`CA_TRUST_FILE`) and revocation lists (`CA_CRL_FILE`). A caller proves possession of a
 * certificate's key by signing a challenge the server issued (`GET /api/caLogin/challenge`): the
 * signature is over the UTF-8 bytes of `challenge`, with the algorithms of `CA_SIGNATURE`.
 */

/** How long a challenge may be answered, by the platform's clock; each is usable once. */
export const CA_CHALLENGE_SECONDS = 120;

/**
 * The signatures accepted over the challenge, as Web Crypto names them (what the browser uses):
 * RSASSA-PKCS1-v1_5 with SHA-256 for an RSA key, ECDSA on P-256 with SHA-256 for an EC key. Web
 * Crypto's ECDSA signature is the raw r‖s (IEEE P1363, 64 bytes); the server takes the DER form
 * (SEQUENCE of two INTEGERs), so the browser converts it before sending (`ecdsaRawToDer`).
 */
export const CA_SIGNATURE = {
  rsa: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  ecdsa: { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256', encoding: 'der' },
} as const;

/**
 * The message every refused certificate sign-in answers, whatever the reason (the reason is in the
 * sign-in log only, so a caller learns nothing about a certificate or an account from it).
 */
export const CA_SIGN_IN_REFUSED = {
  en: 'certificate sign-in refused',
  zh: '证书登录失败',
} as const;

/** GET /api/caLogin/challenge → data: the challenge's name and the text to sign. */
export const caChallenge = z.object({
  /** Names the challenge (random, URL-safe). */
  na: z.string(),
  /** The text to sign, as it is (its UTF-8 bytes). */
  challenge: z.string(),
});
export type CaChallenge = z.infer<typeof caChallenge>;

/** One encrypted field of the caLogin query: base64 of the login cipher (DESIGN §5). */
const caCipherText = z.string().min(1).max(16_384);

/**
 * POST /api/caLogin: seven fields in the QUERY STRING (the spec's form), each encrypted with the
 * login cipher (base64 of AES-128-ECB/PKCS7 of the UTF-8 text under LOGIN_AES_KEY), decrypted:
 * - `encoded`: the certificate, base64 of its DER;
 * - `caKey`: base64 of the signature over the challenge text (CA_SIGNATURE);
 * - `issuer`, `subject`: the certificate's names, as in `normalizedName` below;
 * - `serialNumber`: the certificate's serial, hexadecimal (case, leading zeros, ':' and spaces ignored);
 * - `subKeyID`: the subject key identifier extension, hexadecimal (same leniency);
 * - `na`: the challenge's name.
 * The answer is `{code: 200, msg: <token>}`; every refusal answers CA_SIGN_IN_REFUSED with the same code.
 */
export const caLoginQuery = z.object({
  caKey: caCipherText,
  issuer: caCipherText,
  subject: caCipherText,
  subKeyID: caCipherText,
  encoded: caCipherText,
  serialNumber: caCipherText,
  na: caCipherText,
});
export type CaLoginQuery = z.infer<typeof caLoginQuery>;

/** POST /api/user/ca/bind (signed in, not encrypted): binds the certificate to the caller. */
export const caBindBody = z.object({
  /** The certificate, base64 of its DER. */
  encoded: z.string().min(1).max(12_000),
  /** base64 of the signature over the challenge text (CA_SIGNATURE). */
  caKey: z.string().min(1).max(2_000),
  /** The challenge's name (a fresh one from GET /api/caLogin/challenge). */
  na: z.string().min(1).max(64),
});
export type CaBindBody = z.infer<typeof caBindBody>;

/** A certificate bound to an account: GET /api/user/ca lists the caller's, newest first. */
export const caBinding = z.object({
  /** SHA-256 of the certificate's DER, lower-case hex: the binding's key (DELETE /api/user/ca/{sha256}). */
  sha256: z.string(),
  /** The certificate's names for people: their attributes in order joined by ", " (RFC 2253 escapes). */
  subject: z.string(),
  issuer: z.string(),
  /** Upper-case hex without leading zeros. */
  serialNumber: z.string(),
  notBefore: z.date(),
  notAfter: z.date(),
  createdAt: z.date(),
});
export type CaBinding = z.infer<typeof caBinding>;

/** A binding's key in a path. */
export const caSha256 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'sha256: 64 hexadecimal digits');

/*
 * How the server compares the stated fields with the certificate's (ca.verify.ts):
 * - issuer and subject: the certificate's name as Node's `X509Certificate` writes it (OpenSSL: one
 *   `TYPE=value` a line, in the certificate's order, RFC 2253 escapes such as `\,`) against the
 *   stated name, both split into attributes at unescaped new lines, commas or `+`, each trimmed.
 *   Attribute types compare without case and through their usual aliases (`E` = `emailAddress`,
 *   `S` = `ST`, `G` = `GN`, dotted OIDs of the common ones); values compare exactly, as escaped.
 *   The stated attributes may be in the certificate's order or reversed. So @peculiar/x509's
 *   `cert.subject` (`C=CN, O=Demo\, Inc., CN=Demo Root`) and OpenSSL's `-nameopt RFC2253`
 *   (`CN=Demo Root,O=Demo\, Inc.,C=CN`) both state the same name.
 * - serialNumber and subKeyID: `normalizedHex` of both sides. subKeyID is the certificate's subject
 *   key identifier extension; for a certificate without it, either empty or the SHA-1 of its
 *   subjectPublicKey bits (RFC 5280 §4.2.1.2 method 1; @peculiar/x509's
 *   `cert.publicKey.getKeyIdentifier()`).
 */

/** Upper-case hex without separators or leading zeros ("0" for zero); shared by server and web. */
export function normalizedHex(value: string): string {
  const hex = value.replace(/[\s:]/g, '').toUpperCase();
  const stripped = hex.replace(/^0+/, '');
  return stripped === '' && hex !== '' ? '0' : stripped;
}

/**
 * Web Crypto's ECDSA signature (r‖s, IEEE P1363: 64 bytes for P-256) as the DER the server takes
 * (SEQUENCE { INTEGER r, INTEGER s }): each half without its leading zeros, with one zero byte
 * put back where its first bit is set (DER integers are signed).
 */
export function ecdsaRawToDer(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
    const body = bytes.subarray(start);
    const padded = body[0]! & 0x80 ? [0, ...body] : [...body];
    return [0x02, padded.length, ...padded];
  };
  const content = [...integer(raw.subarray(0, half)), ...integer(raw.subarray(half))];
  return Uint8Array.from([0x30, content.length, ...content]);
}
