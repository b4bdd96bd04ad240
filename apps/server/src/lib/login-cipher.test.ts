import { describe, expect, it } from 'vitest';
import { createLoginCipher } from './login-cipher.ts';

describe('login field cipher', () => {
  const cipher = createLoginCipher('lowvaluebid2026k');

  it('decrypts what the web client encrypts (AES-128-ECB, PKCS7, base64)', () => {
    // Ciphertext of "admin" under the default key, made with `openssl enc -aes-128-ecb -base64`.
    expect(cipher.encrypt('admin')).toBe('wfofVJPognZd02PFQoH58A==');
    expect(cipher.decrypt('wfofVJPognZd02PFQoH58A==')).toBe('admin');
    expect(cipher.decrypt(cipher.encrypt('Admin@2026 中文'))).toBe('Admin@2026 中文');
  });

  it('is deterministic per block, as ECB is', () => {
    const c = cipher.encrypt('a'.repeat(32));
    const bytes = Buffer.from(c, 'base64');
    expect(bytes.subarray(0, 16).equals(bytes.subarray(16, 32))).toBe(true);
    expect(bytes.length).toBe(48);
  });

  it('answers null for anything that is not its ciphertext', () => {
    expect(cipher.decrypt('admin')).toBeNull();
    expect(cipher.decrypt('')).toBeNull();
    expect(cipher.decrypt('AAAA')).toBeNull();
    expect(cipher.decrypt(createLoginCipher('anotherkey123456').encrypt('admin'))).toBeNull();
    expect(cipher.decrypt('%%%%')).toBeNull();
  });
});
