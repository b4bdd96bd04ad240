import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

/**
 * Encrypts one login field as the server expects (DESIGN §5): AES-128-ECB with PKCS7 padding,
 * base64 output, key = `loginKey` of site-info. It only keeps values out of transit logs; TLS is
 * what protects them.
 */
export function encryptLoginField(value: string, key: string): string {
  return AES.encrypt(Utf8.parse(value), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}
