import { ContentInfo, EncryptedContentInfo, id_data, id_encryptedData } from '@peculiar/asn1-cms';
import {
  AuthenticatedSafe,
  CertBag,
  id_certBag,
  id_keyBag,
  id_pkcs8ShroudedKeyBag,
  id_SafeContents,
  id_x509Certificate,
  PFX,
  SafeContents,
  type SafeBag,
} from '@peculiar/asn1-pfx';
import { EncryptedPrivateKeyInfo } from '@peculiar/asn1-pkcs8';
import { AsnConvert, AsnProp, AsnPropTypes, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';

/**
 * Opens a PKCS#12 (.p12/.pfx) file in the browser: its certificates and private keys, the
 * encrypted parts decrypted with Web Crypto. Password-based encryption is PBES2 (PKCS#5 v2.1):
 * PBKDF2 with HMAC-SHA-1/256/384/512 and AES-128/192/256-CBC, what OpenSSL 3 and current Windows
 * export. The legacy PKCS#12 schemes (3DES, RC2, RC4 keyed by the PKCS#12 KDF) are not in Web
 * Crypto and are refused as `unsupported`. The file's MAC is not checked: a wrong password fails
 * the decryption instead, and the server checks what the key signs.
 */

/** Why a file could not be used; the pages show one message per reason. */
export type CertificateFileProblem =
  /** Wrong password, or not a PKCS#12 file at all (the two cannot be told apart). */
  | 'unreadable'
  /** An encryption or integrity scheme the browser cannot open (legacy PKCS#12, public-key mode). */
  | 'unsupported'
  /** No private key with a certificate of its own. */
  | 'noKey'
  /** A key that is neither RSA nor ECDSA P-256. */
  | 'keyType';

export class CertificateFileError extends Error {
  constructor(readonly problem: CertificateFileProblem) {
    super(`certificate file: ${problem}`);
    this.name = 'CertificateFileError';
  }
}

export interface Pkcs12Contents {
  /** DER of each X.509 certificate, with the `localKeyId` that pairs it with its key (if any). */
  certificates: { der: Uint8Array<ArrayBuffer>; localKeyId?: Uint8Array }[];
  /** PKCS#8 PrivateKeyInfo DER of each private key. */
  keys: { pkcs8: Uint8Array<ArrayBuffer>; localKeyId?: Uint8Array }[];
}

const id_PBES2 = '1.2.840.113549.1.5.13';
const id_PBKDF2 = '1.2.840.113549.1.5.12';
const id_localKeyId = '1.2.840.113549.1.9.21';
const id_hmacWithSHA1 = '1.2.840.113549.2.7';
const PRF_HASH: Record<string, string> = {
  [id_hmacWithSHA1]: 'SHA-1',
  '1.2.840.113549.2.9': 'SHA-256',
  '1.2.840.113549.2.10': 'SHA-384',
  '1.2.840.113549.2.11': 'SHA-512',
};
/** AES-CBC by OID: its key length in bytes. */
const AES_CBC_KEY_BYTES: Record<string, number> = {
  '2.16.840.1.101.3.4.1.2': 16,
  '2.16.840.1.101.3.4.1.22': 24,
  '2.16.840.1.101.3.4.1.42': 32,
};
/** More rounds than any exporter uses: a file asking for them is not worth the wait. */
const MAX_ITERATIONS = 10_000_000;

/*
 * PBES2-params and PBKDF2-params (RFC 8018 A.2, A.4), declared for the ASN.1 parser. The
 * properties are described with asn1-schema's decorators called as functions (no decorator syntax
 * in this code base).
 */
class Pbes2Params {
  keyDerivationFunc = new AlgorithmIdentifier();
  encryptionScheme = new AlgorithmIdentifier();
}
AsnProp({ type: AlgorithmIdentifier })(Pbes2Params.prototype, 'keyDerivationFunc');
AsnProp({ type: AlgorithmIdentifier })(Pbes2Params.prototype, 'encryptionScheme');

class Pbkdf2Params {
  /** Only the `specified` choice is in use (`otherSource` is reserved). */
  salt = new OctetString();
  iterationCount = 0;
  keyLength?: number;
  prf = new AlgorithmIdentifier({ algorithm: id_hmacWithSHA1, parameters: null });
}
AsnProp({ type: OctetString })(Pbkdf2Params.prototype, 'salt');
AsnProp({ type: AsnPropTypes.Integer })(Pbkdf2Params.prototype, 'iterationCount');
AsnProp({ type: AsnPropTypes.Integer, optional: true })(Pbkdf2Params.prototype, 'keyLength');
AsnProp({
  type: AlgorithmIdentifier,
  defaultValue: new AlgorithmIdentifier({ algorithm: id_hmacWithSHA1, parameters: null }),
})(Pbkdf2Params.prototype, 'prf');

/** CMS EncryptedData (RFC 5652 §8), the encrypted part of an authenticated safe. */
class EncryptedData {
  version = 0;
  encryptedContentInfo = new EncryptedContentInfo();
}
AsnProp({ type: AsnPropTypes.Integer })(EncryptedData.prototype, 'version');
AsnProp({ type: EncryptedContentInfo })(EncryptedData.prototype, 'encryptedContentInfo');

const unsupported = () => new CertificateFileError('unsupported');
const bytes = (buffer: ArrayBuffer | ArrayBufferView): Uint8Array<ArrayBuffer> =>
  buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer)
    : new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);

/** Decrypts data encrypted under the password with PBES2 (PBKDF2 + AES-CBC). */
async function decrypt(algorithm: AlgorithmIdentifier, data: Uint8Array<ArrayBuffer>, password: string) {
  if (algorithm.algorithm !== id_PBES2 || !algorithm.parameters) throw unsupported();
  const scheme = AsnConvert.parse(algorithm.parameters, Pbes2Params);
  const { keyDerivationFunc: kdf, encryptionScheme: cipher } = scheme;
  if (kdf.algorithm !== id_PBKDF2 || !kdf.parameters) throw unsupported();
  const kdfParams = AsnConvert.parse(kdf.parameters, Pbkdf2Params);
  const hash = PRF_HASH[kdfParams.prf.algorithm];
  const keyBytes = AES_CBC_KEY_BYTES[cipher.algorithm];
  if (!hash || !keyBytes || !cipher.parameters) throw unsupported();
  if (kdfParams.keyLength !== undefined && kdfParams.keyLength !== keyBytes) throw unsupported();
  const iterations = kdfParams.iterationCount;
  if (!(iterations >= 1 && iterations <= MAX_ITERATIONS)) throw unsupported();
  const iv = bytes(AsnConvert.parse(cipher.parameters, OctetString).buffer);
  const salt = bytes(kdfParams.salt.buffer);

  const subtle = globalThis.crypto.subtle;
  // PBES2 keys on the password's UTF-8 bytes as typed (OpenSSL and Windows alike).
  const base = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', salt, iterations, hash }, base, keyBytes * 8);
  const key = await subtle.importKey('raw', bits, 'AES-CBC', false, ['decrypt']);
  try {
    return new Uint8Array(await subtle.decrypt({ name: 'AES-CBC', iv }, key, data));
  } catch {
    // Bad padding: the key (so the password) is wrong.
    throw new CertificateFileError('unreadable');
  }
}

const localKeyIdOf = (bag: SafeBag): Uint8Array | undefined => {
  const value = bag.bagAttributes?.find((attribute) => attribute.attrId === id_localKeyId)?.attrValues[0];
  return value ? bytes(AsnConvert.parse(value, OctetString).buffer) : undefined;
};

async function readBags(safe: SafeContents, password: string, into: Pkcs12Contents, depth = 0): Promise<void> {
  for (const bag of safe) {
    const localKeyId = localKeyIdOf(bag);
    switch (bag.bagId) {
      case id_certBag: {
        const cert = AsnConvert.parse(bag.bagValue, CertBag);
        if (cert.certId !== id_x509Certificate) break;
        into.certificates.push({ der: bytes(AsnConvert.parse(cert.certValue, OctetString).buffer), localKeyId });
        break;
      }
      case id_pkcs8ShroudedKeyBag: {
        const shrouded = AsnConvert.parse(bag.bagValue, EncryptedPrivateKeyInfo);
        const pkcs8 = await decrypt(shrouded.encryptionAlgorithm, bytes(shrouded.encryptedData.buffer), password);
        into.keys.push({ pkcs8, localKeyId });
        break;
      }
      case id_keyBag:
        into.keys.push({ pkcs8: bytes(bag.bagValue), localKeyId });
        break;
      case id_SafeContents:
        if (depth < 4) await readBags(AsnConvert.parse(bag.bagValue, SafeContents), password, into, depth + 1);
        break;
      default:
      // CRLs, secrets: not needed here.
    }
  }
}

/** The safe contents of one part of the authenticated safe, decrypted when it is encrypted. */
async function safeContentsOf(part: ContentInfo, password: string): Promise<SafeContents> {
  if (part.contentType === id_data) {
    return AsnConvert.parse(AsnConvert.parse(part.content, OctetString).buffer, SafeContents);
  }
  if (part.contentType === id_encryptedData) {
    const info = AsnConvert.parse(part.content, EncryptedData).encryptedContentInfo;
    const content = info.encryptedContent;
    const parts = content?.value ? [content.value] : (content?.constructedValue ?? []);
    const cipherText = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    parts.reduce((at, p) => (cipherText.set(bytes(p.buffer), at), at + p.byteLength), 0);
    return AsnConvert.parse(await decrypt(info.contentEncryptionAlgorithm, cipherText, password), SafeContents);
  }
  // Enveloped (public-key privacy mode) or anything else.
  throw unsupported();
}

/**
 * The certificates and keys of a PKCS#12 file. Rejects with a CertificateFileError: `unreadable`
 * for a wrong password or a file that is not PKCS#12, `unsupported` for schemes Web Crypto lacks.
 */
export async function openPkcs12(file: ArrayBuffer | Uint8Array, password: string): Promise<Pkcs12Contents> {
  try {
    const pfx = AsnConvert.parse(file, PFX);
    // Public-key integrity mode (signed data) is not what any exporter writes for people.
    if (pfx.authSafe.contentType !== id_data) throw unsupported();
    const safe = AsnConvert.parse(AsnConvert.parse(pfx.authSafe.content, OctetString).buffer, AuthenticatedSafe);
    const contents: Pkcs12Contents = { certificates: [], keys: [] };
    for (const part of safe) await readBags(await safeContentsOf(part, password), password, contents);
    return contents;
  } catch (error) {
    if (error instanceof CertificateFileError) throw error;
    // The ASN.1 parser's errors: not a PKCS#12 file, or a decryption that yielded garbage.
    throw new CertificateFileError('unreadable');
  }
}
