import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { normalizedHex } from '@lvb/contracts/ca';
import { extensionsOf, isSelfSigned, sameName, type CaTrust, type TrustedCa, type TrustedCrl } from './ca.verify.ts';
import { KeyUsageFlags, PublicKey, X509Crl } from './x509.ts';

/** A trust bundle or revocation list that cannot be used: the server does not start. */
export class CaTrustError extends Error {}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
/** OpenSSL writes "X509 CRL", other tools (@peculiar/x509 among them) "CRL". */
const PEM_CRL = /-----BEGIN (?:X509 )?CRL-----[\s\S]+?-----END (?:X509 )?CRL-----/g;

function read(variable: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new CaTrustError(`${variable}: cannot read ${file} (${(err as Error).message})`);
  }
}

/** Concatenated DER structures (one or several CRLs written one after another), split by their lengths. */
function derItems(bytes: Buffer): Buffer[] {
  const items: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] !== 0x30 || at + 2 > bytes.length) throw new CaTrustError('CA_CRL_FILE: neither PEM nor DER');
    let length = bytes[at + 1]!;
    let header = 2;
    if (length & 0x80) {
      const octets = length & 0x7f;
      if (octets === 0 || octets > 4 || at + 2 + octets > bytes.length) {
        throw new CaTrustError('CA_CRL_FILE: neither PEM nor DER');
      }
      length = 0;
      for (let i = 0; i < octets; i++) length = length * 256 + bytes[at + 2 + i]!;
      header += octets;
    }
    const end = at + header + length;
    if (end > bytes.length) throw new CaTrustError('CA_CRL_FILE: a revocation list is cut short');
    items.push(bytes.subarray(at, end));
    at = end;
  }
  return items;
}

function loadCertificates(file: string): TrustedCa[] {
  const blocks = read('CA_TRUST_FILE', file).toString('utf8').match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new CaTrustError(`CA_TRUST_FILE: ${file} holds no PEM certificate`);
  const seen = new Set<string>();
  const cas: TrustedCa[] = [];
  blocks.forEach((block, i) => {
    let cert: X509Certificate;
    let constraints: TrustedCa['constraints'];
    try {
      cert = new X509Certificate(block);
      const ext = extensionsOf(Buffer.from(cert.raw));
      constraints = { ca: ext.basic?.ca ?? false, pathLength: ext.basic?.pathLength, keyUsage: ext.keyUsage };
    } catch {
      throw new CaTrustError(`CA_TRUST_FILE: certificate ${i + 1} of ${file} does not parse`);
    }
    if (seen.has(cert.fingerprint256)) return;
    seen.add(cert.fingerprint256);
    cas.push({
      cert,
      fingerprint: cert.fingerprint256,
      selfSigned: isSelfSigned(cert),
      constraints,
      crls: [],
      unverifiedCrl: false,
    });
  });
  return cas;
}

/** Whether `ca`'s key verifies the list, and its keyUsage (when it has one) allows signing lists. */
async function signs(ca: TrustedCa, crl: X509Crl): Promise<boolean> {
  const usage = ca.constraints.keyUsage;
  if (usage !== null && (usage & KeyUsageFlags.cRLSign) === 0) return false;
  try {
    const publicKey = new PublicKey(new Uint8Array(ca.cert.publicKey.export({ type: 'spki', format: 'der' })));
    return await crl.verify({ publicKey });
  } catch {
    return false;
  }
}

/**
 * Loads CA_TRUST_FILE (PEM: roots, i.e. self-signed certificates, and intermediates) and
 * CA_CRL_FILE (PEM or DER, one or several lists), once at start. Each list is kept by the trusted
 * CAs whose key verifies it; a list no trusted key verifies is reported and its CA's certificates
 * are refused until it is replaced (`unverifiedCrl`). Throws `CaTrustError` for a file that
 * cannot be read or parsed.
 */
export async function loadCaTrust(paths: { trustFile: string; crlFile?: string }): Promise<CaTrust> {
  const cas = loadCertificates(paths.trustFile);
  const warnings: string[] = [];
  for (const ca of cas) {
    if (!ca.constraints.ca)
      warnings.push(`CA_TRUST_FILE: ${ca.cert.subject} is not a CA certificate (basicConstraints)`);
  }
  if (!paths.crlFile) {
    warnings.push('CA_CRL_FILE is not set: certificates are not checked for revocation');
    return { cas, warnings };
  }
  const bytes = read('CA_CRL_FILE', paths.crlFile);
  const pem = bytes.toString('latin1').match(PEM_CRL);
  const items: (string | Buffer)[] = pem ?? derItems(bytes);
  if (items.length === 0) throw new CaTrustError(`CA_CRL_FILE: ${paths.crlFile} holds no revocation list`);
  for (const [i, item] of items.entries()) {
    let crl: X509Crl;
    let list: TrustedCrl;
    try {
      crl = new X509Crl(typeof item === 'string' ? item : new Uint8Array(item));
      list = {
        thisUpdate: crl.thisUpdate,
        nextUpdate: crl.nextUpdate,
        revoked: new Set(crl.entries.map((entry) => normalizedHex(entry.serialNumber))),
      };
    } catch {
      throw new CaTrustError(`CA_CRL_FILE: revocation list ${i + 1} of ${paths.crlFile} does not parse`);
    }
    const named = cas.filter((ca) => sameName(crl.issuer, ca.cert.subject));
    if (named.length === 0) {
      warnings.push(`CA_CRL_FILE: the list of ${crl.issuer} is not of a trusted CA: ignored`);
      continue;
    }
    const signers: TrustedCa[] = [];
    for (const ca of named) if (await signs(ca, crl)) signers.push(ca);
    if (signers.length === 0) {
      warnings.push(`CA_CRL_FILE: the list of ${crl.issuer} does not verify: its certificates are refused`);
      for (const ca of named) ca.unverifiedCrl = true;
    }
    for (const ca of signers) ca.crls.push(list);
  }
  for (const ca of cas) {
    if (ca.crls.length === 0 && !ca.unverifiedCrl) {
      warnings.push(
        `CA_CRL_FILE has no list of ${ca.cert.subject.replace(/\n/g, ', ')}: its certificates are not checked for revocation`,
      );
    }
  }
  return { cas, warnings };
}
