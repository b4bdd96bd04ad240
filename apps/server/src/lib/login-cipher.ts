import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * The legacy login-field cipher of spec §7: AES-128-ECB with PKCS7 padding under a fixed key,
 * base64 text. It only keeps values out of casual transit logs; TLS is what protects them.
 */
export function createLoginCipher(key: string) {
  const keyBytes = Buffer.from(key, 'utf8');
  return {
    encrypt(plain: string): string {
      const cipher = createCipheriv('aes-128-ecb', keyBytes, null);
      return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
    },
    /** Returns null for anything that is not valid ciphertext of UTF-8 text. */
    decrypt(encoded: string): string | null {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
      const bytes = Buffer.from(encoded, 'base64');
      if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
      try {
        const decipher = createDecipheriv('aes-128-ecb', keyBytes, null);
        const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
        const text = new TextDecoder('utf-8', { fatal: true }).decode(plain);
        return text;
      } catch {
        return null;
      }
    },
  };
}
export type LoginCipher = ReturnType<typeof createLoginCipher>;
