/**
 * @peculiar/x509 (v2, PeculiarVentures, on Web Crypto) for the parts of X.509 that Node's
 * `crypto.X509Certificate` does not parse: the keyUsage and basicConstraints extensions, the
 * subject key identifier, and revocation lists (parsing, their signature, their entries). Node
 * (OpenSSL) does everything else: parsing certificates, issuer checks, every signature of a chain,
 * dates, names, fingerprints and the challenge's signature. Chosen over node-forge, which has a
 * history of signature-forgery flaws (CVE-2022-24771/24772) in its own RSA verification; this one
 * verifies through Web Crypto and has none.
 *
 * Its dependency tsyringe needs the Reflect metadata API before it loads: every import of the
 * library goes through this file, which loads the polyfill first.
 */
import 'reflect-metadata';
export * from '@peculiar/x509';
