import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { escapeNameValue } from '../certificate';
import { CertificateFileError } from '../pkcs12';
import { ecdsaRawToDer, openSigningCertificate } from '../signing';
import facts from './fixtures/facts.json';

/**
 * The PKCS#12 reader on files made by openssl (fixtures/generate.sh): what it states about the
 * certificate is what Node's X509Certificate (the server) says, and what it signs verifies with the
 * certificate's public key.
 */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, `${name}.p12`)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The problem a rejected opening names. */
async function problemOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CertificateFileError);
  return (error as CertificateFileError).problem;
}

describe('the PKCS#12 reader', () => {
  it('opens an RSA file of OpenSSL 3 (PBES2, AES-256-CBC) and states its certificate as the server does', async () => {
    const signing = await openSigningCertificate(fixture('rsa'), facts.password);
    const { certificate } = signing;
    expect(certificate.encoded).toBe(facts.rsa.encoded);
    // RFC 2253 escapes, a multi-valued RDN, Chinese: as Node writes them.
    expect(certificate.subject).toBe(facts.rsa.subject);
    expect(certificate.issuer).toBe(facts.rsa.issuer);
    expect(certificate.serialNumber).toBe(facts.rsa.serialNumber);
    expect(certificate.subKeyID).toBe(facts.rsa.subKeyID);
    expect(certificate.authority).toBe(false);
    expect(certificate.notAfter.getTime()).toBeGreaterThan(certificate.notBefore.getTime());
  });

  it('signs a challenge that verifies with the certificate’s public key (RSA PKCS#1 v1.5, SHA-256)', async () => {
    const signing = await openSigningCertificate(fixture('rsa'), facts.password);
    const challenge = 'lvb-challenge 8f2c… 签名';
    const signature = fromBase64(await signing.sign(challenge));
    const publicKey = await crypto.subtle.importKey(
      'spki',
      signing.certificate.publicKeyInfo,
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    const data = new TextEncoder().encode(challenge);
    expect(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, signature, data)).toBe(true);
    expect(
      await crypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, signature, new TextEncoder().encode('other')),
    ).toBe(false);
  });

  it('opens an ECDSA P-256 file (AES-128-CBC) and signs in DER', async () => {
    const signing = await openSigningCertificate(fixture('ec'), facts.password);
    expect(signing.certificate.subject).toBe(facts.ec.subject);
    expect(signing.certificate.serialNumber).toBe(facts.ec.serialNumber);
    expect(signing.certificate.subKeyID).toBe(facts.ec.subKeyID);
    const der = fromBase64(await signing.sign('challenge'));
    expect(der[0]).toBe(0x30);
    expect(der[1]).toBe(der.length - 2);
    // Back to r‖s for Web Crypto's verify.
    const integers: Uint8Array[] = [];
    for (let at = 2; at < der.length;) {
      const length = der[at + 1]!;
      integers.push(der.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
    const raw = new Uint8Array(64);
    integers.forEach((n, i) => {
      const digits = n[0] === 0 ? n.subarray(1) : n;
      raw.set(digits, i * 32 + 32 - digits.length);
    });
    const publicKey = await crypto.subtle.importKey(
      'spki',
      signing.certificate.publicKeyInfo,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const verified = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      raw,
      new TextEncoder().encode('challenge'),
    );
    expect(verified).toBe(true);
  });

  it('refuses a wrong password and a file that is not PKCS#12 alike', async () => {
    expect(await problemOf(openSigningCertificate(fixture('rsa'), 'wrong-password'))).toBe('unreadable');
    expect(await problemOf(openSigningCertificate(fixture('ec'), ''))).toBe('unreadable');
    expect(await problemOf(openSigningCertificate(new TextEncoder().encode('not a certificate'), 'x'))).toBe(
      'unreadable',
    );
  });

  it('names the legacy PKCS#12 encryption (3DES) as unsupported', async () => {
    expect(await problemOf(openSigningCertificate(fixture('legacy'), facts.password))).toBe('unsupported');
  });
});

describe('the pieces', () => {
  it('turns r‖s into a DER sequence of two positive integers', () => {
    const raw = new Uint8Array(64);
    raw[0] = 0x80; // r needs a leading zero
    raw[63] = 0x01; // s is 1: its leading zeros go
    const der = ecdsaRawToDer(raw);
    expect(Array.from(der.subarray(0, 4))).toEqual([0x30, 2 + 33 + 3, 0x02, 33]);
    expect(Array.from(der.subarray(-3))).toEqual([0x02, 1, 1]);
  });

  it('escapes name values as OpenSSL does', () => {
    expect(escapeNameValue('a,b+c;d<e>f"g\\h')).toBe('a\\,b\\+c\\;d\\<e\\>f\\"g\\\\h');
    expect(escapeNameValue(' #x ')).toBe('\\ #x\\ ');
    expect(escapeNameValue('#x')).toBe('\\#x');
    expect(escapeNameValue('#')).toBe('#');
    expect(escapeNameValue('a\u0001')).toBe('a\\01');
    expect(escapeNameValue('王芳')).toBe('王芳');
  });
});
