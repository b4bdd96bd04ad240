import { AsnConvert } from '@peculiar/asn1-schema';
import { PrivateKeyInfo } from '@peculiar/asn1-pkcs8';
import { readCertificate, toBase64, type CertificateFacts } from './certificate';
import { CertificateFileError, openPkcs12 } from './pkcs12';

/**
 * A certificate with its private key, opened from a PKCS#12 file, that signs challenges
 * (DESIGN §9): RSASSA-PKCS1-v1_5 with SHA-256 for an RSA key, ECDSA on P-256 with SHA-256 (in DER)
 * for an EC key, as `CA_SIGNATURE` of the contracts says. The key is imported not extractable and
 * never leaves the page.
 */
export interface SigningCertificate {
  certificate: CertificateFacts;
  /** base64 of the signature over the UTF-8 bytes of `text`. */
  sign(text: string): Promise<string>;
}

const id_rsaEncryption = '1.2.840.113549.1.1.1';
const id_ecPublicKey = '1.2.840.10045.2.1';
/** DER of the OID of P-256 (secp256r1), the named curve of an EC key's parameters. */
const P256_PARAMETERS = '06082A8648CE3D030107';

type KeyAlgorithm = RsaHashedImportParams | EcKeyImportParams;
const RSA: RsaHashedImportParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
const P256: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' };

function signatureParams(algorithm: KeyAlgorithm): AlgorithmIdentifier | EcdsaParams {
  return algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : algorithm.name;
}

/** A DER INTEGER of an unsigned big-endian number. */
function derInteger(value: Uint8Array): number[] {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const digits = Array.from(value.subarray(start));
  if (digits[0]! & 0x80) digits.unshift(0);
  return [0x02, digits.length, ...digits];
}

/** Web Crypto's ECDSA signature (r‖s, IEEE P1363) as DER: SEQUENCE { INTEGER r, INTEGER s }. */
export function ecdsaRawToDer(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const half = raw.length / 2;
  const body = [...derInteger(raw.subarray(0, half)), ...derInteger(raw.subarray(half))];
  // P-256 and P-384 bodies stay under 128 bytes: the short length form.
  return new Uint8Array([0x30, body.length, ...body]);
}

async function signWith(key: CryptoKey, algorithm: KeyAlgorithm, data: Uint8Array<ArrayBuffer>) {
  const signature = new Uint8Array(await crypto.subtle.sign(signatureParams(algorithm), key, data));
  return algorithm.name === 'ECDSA' ? ecdsaRawToDer(signature) : signature;
}

/** The Web Crypto algorithm of a PKCS#8 key, or undefined for a key the sign-in does not take. */
function keyAlgorithmOf(pkcs8: Uint8Array): KeyAlgorithm | undefined {
  const info = AsnConvert.parse(pkcs8, PrivateKeyInfo);
  const { algorithm, parameters } = info.privateKeyAlgorithm;
  if (algorithm === id_rsaEncryption) return RSA;
  const curve = parameters ? Array.from(new Uint8Array(parameters), (b) => b.toString(16).padStart(2, '0')) : [];
  if (algorithm === id_ecPublicKey && curve.join('').toUpperCase() === P256_PARAMETERS) return P256;
  return undefined;
}

const sameBytes = (a?: Uint8Array, b?: Uint8Array) =>
  !!a && !!b && a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Whether `key` is the private half of the certificate's public key: it signs, the certificate verifies. */
async function belongsTo(key: CryptoKey, algorithm: KeyAlgorithm, certificate: CertificateFacts): Promise<boolean> {
  try {
    const publicKey = await crypto.subtle.importKey('spki', certificate.publicKeyInfo, algorithm, false, ['verify']);
    const probe = crypto.getRandomValues(new Uint8Array(32));
    const signature = new Uint8Array(await crypto.subtle.sign(signatureParams(algorithm), key, probe));
    return await crypto.subtle.verify(signatureParams(algorithm), publicKey, signature, probe);
  } catch {
    return false;
  }
}

/**
 * Opens a PKCS#12 file with its password and answers the certificate whose private key it holds.
 * Rejects with a CertificateFileError (see its problems).
 */
export async function openSigningCertificate(file: ArrayBuffer | Uint8Array, password: string) {
  const contents = await openPkcs12(file, password);
  const certificates = contents.certificates.flatMap((entry) => {
    try {
      return [{ ...entry, facts: readCertificate(entry.der) }];
    } catch {
      return [];
    }
  });
  let unusableKey = false;
  for (const entry of contents.keys) {
    const algorithm = keyAlgorithmOf(entry.pkcs8);
    if (!algorithm) {
      unusableKey = true;
      continue;
    }
    const key = await crypto.subtle.importKey('pkcs8', entry.pkcs8, algorithm, false, ['sign']).catch(() => null);
    if (!key) {
      unusableKey = true;
      continue;
    }
    // The certificate paired by localKeyId first, then any that is not a CA's.
    const candidates = [
      ...certificates.filter((c) => sameBytes(c.localKeyId, entry.localKeyId)),
      ...certificates.filter((c) => !sameBytes(c.localKeyId, entry.localKeyId) && !c.facts.authority),
    ];
    for (const candidate of candidates) {
      if (!(await belongsTo(key, algorithm, candidate.facts))) continue;
      const signing: SigningCertificate = {
        certificate: candidate.facts,
        sign: async (text) => toBase64(await signWith(key, algorithm, new TextEncoder().encode(text))),
      };
      return signing;
    }
  }
  throw new CertificateFileError(unusableKey ? 'keyType' : 'noKey');
}

/** A PKCS#12 file is a few kilobytes; anything this large is not one. */
const MAX_FILE_BYTES = 1024 * 1024;

/** Reads a picked file and opens it with the password; rejects with a CertificateFileError. */
export async function openCertificateFile(file: Blob, password: string): Promise<SigningCertificate> {
  if (file.size > MAX_FILE_BYTES) throw new CertificateFileError('unreadable');
  return openSigningCertificate(await file.arrayBuffer(), password);
}

/** Where a form shows a file's problem: a wrong password under the password, the rest under the file. */
export const problemField = (error: CertificateFileError): 'password' | 'file' =>
  error.problem === 'unreadable' ? 'password' : 'file';
