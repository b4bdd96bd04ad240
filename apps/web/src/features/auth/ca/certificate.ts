import { AsnConvert } from '@peculiar/asn1-schema';
import {
  BasicConstraints,
  Certificate,
  id_ce_basicConstraints,
  id_ce_subjectKeyIdentifier,
  SubjectKeyIdentifier,
  type AttributeValue,
  type Name,
} from '@peculiar/asn1-x509';

/**
 * What the certificate sign-in states about a certificate (packages/contracts/src/ca.ts), written
 * as the server writes it: names as Node's `X509Certificate` prints them (OpenSSL's multi-line
 * form: one `KEY=value` per RDN in the certificate's order, RFC 2253 escapes), serial number and
 * subject key identifier as upper-case hexadecimal without leading zeros.
 */
export interface CertificateFacts {
  /** The certificate, base64 of its DER. */
  encoded: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  /** The subject key identifier extension; empty when the certificate has none. */
  subKeyID: string;
  notBefore: Date;
  notAfter: Date;
  /** Whether the certificate is a CA's (basic constraints), never the one that signs in. */
  authority: boolean;
  /** SubjectPublicKeyInfo DER: the key to check a signature against. */
  publicKeyInfo: Uint8Array<ArrayBuffer>;
  /** The public key's algorithm OID. */
  keyAlgorithm: string;
  /** The parameters of the key's algorithm, hex of their DER (an EC key's named curve). */
  keyParameters: string;
}

export function toBase64(data: Uint8Array): string {
  let text = '';
  for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(text);
}

export function toHex(data: ArrayBuffer | Uint8Array): string {
  return Array.from(data instanceof Uint8Array ? data : new Uint8Array(data), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** Upper-case hex without leading zeros ("0" for zero), as `normalizedHex` of the contracts. */
export const compactHex = (hex: string) => hex.replace(/^0+(?=.)/, '');

/** OpenSSL's short names of the attributes found in names (the rest print as dotted OIDs). */
const SHORT_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'street',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'title',
  '2.5.4.13': 'description',
  '2.5.4.15': 'businessCategory',
  '2.5.4.16': 'postalAddress',
  '2.5.4.17': 'postalCode',
  '2.5.4.18': 'postOfficeBox',
  '2.5.4.20': 'telephoneNumber',
  '2.5.4.41': 'name',
  '2.5.4.42': 'GN',
  '2.5.4.43': 'initials',
  '2.5.4.44': 'generationQualifier',
  '2.5.4.45': 'x500UniqueIdentifier',
  '2.5.4.46': 'dnQualifier',
  '2.5.4.65': 'pseudonym',
  '2.5.4.72': 'role',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'emailAddress',
  '1.2.840.113549.1.9.2': 'unstructuredName',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
  '1.3.6.1.4.1.311.60.2.1.1': 'jurisdictionL',
  '1.3.6.1.4.1.311.60.2.1.2': 'jurisdictionST',
  '1.3.6.1.4.1.311.60.2.1.3': 'jurisdictionC',
};

/** RFC 2253's specials, escaped with a backslash wherever they stand. */
const SPECIALS = new Set([',', '+', '"', '\\', '<', '>', ';']);

/**
 * A value escaped as OpenSSL does with RFC 2253 escapes and without escaping non-ASCII
 * (`ASN1_STRFLGS_ESC_2253 | ESC_CTRL | UTF8_CONVERT`): the specials, a leading `#` or space and a
 * trailing space get a backslash, control characters become `\XX`. When the value is one
 * character, only the trailing rule applies (OpenSSL's quirk, kept so both sides agree).
 */
export function escapeNameValue(value: string): string {
  const chars = Array.from(value);
  return chars
    .map((c, i) => {
      const code = c.codePointAt(0)!;
      const last = i === chars.length - 1;
      const first = i === 0 && !last;
      if (code < 0x20 || code === 0x7f) return `\\${code.toString(16).toUpperCase().padStart(2, '0')}`;
      if (SPECIALS.has(c) || (first && (c === ' ' || c === '#')) || (last && c === ' ')) return `\\${c}`;
      return c;
    })
    .join('');
}

/**
 * The text of an attribute value. An encoding the schema does not name (NumericString, an unknown
 * type) is read as OpenSSL reads it: one byte a character.
 */
function valueText(value: AttributeValue): string {
  if (value.anyValue) {
    const der = new Uint8Array(value.anyValue);
    // Skip the tag and the length (short or long form) to the content.
    const lengthBytes = der[1]! & 0x80 ? der[1]! & 0x7f : 0;
    return Array.from(der.subarray(2 + lengthBytes), (b) => String.fromCharCode(b)).join('');
  }
  return value.toString();
}

/** A name as Node's `X509Certificate` writes it: `C=CN\nO=Demo\nCN=Li Wei`. */
export function formatName(name: Name): string {
  return name
    .map((rdn) =>
      rdn.map((atv) => `${SHORT_NAMES[atv.type] ?? atv.type}=${escapeNameValue(valueText(atv.value))}`).join(' + '),
    )
    .join('\n');
}

/** The facts of a DER certificate; throws when it is not one. */
export function readCertificate(der: Uint8Array): CertificateFacts {
  const certificate = AsnConvert.parse(der, Certificate);
  const tbs = certificate.tbsCertificate;
  const extension = (id: string) => tbs.extensions?.find((e) => e.extnID === id)?.extnValue.buffer;
  const ski = extension(id_ce_subjectKeyIdentifier);
  const constraints = extension(id_ce_basicConstraints);
  const spki = tbs.subjectPublicKeyInfo;
  return {
    encoded: toBase64(der),
    subject: formatName(tbs.subject),
    issuer: formatName(tbs.issuer),
    serialNumber: compactHex(toHex(tbs.serialNumber)),
    subKeyID: ski ? compactHex(toHex(AsnConvert.parse(ski, SubjectKeyIdentifier).buffer)) : '',
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
    authority: constraints ? AsnConvert.parse(constraints, BasicConstraints).cA : false,
    publicKeyInfo: new Uint8Array(AsnConvert.serialize(spki)),
    keyAlgorithm: spki.algorithm.algorithm,
    keyParameters: spki.algorithm.parameters ? toHex(spki.algorithm.parameters) : '',
  };
}
