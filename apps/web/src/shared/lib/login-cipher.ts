/**
 * Encrypts sign-in fields as the server expects (DESIGN §5), see login-cipher-aes.ts. The cipher
 * (crypto-js) is fetched when a form is sent, not with the sign-in page.
 */
export async function encryptLoginFields(fields: Record<string, string>, key: string): Promise<Record<string, string>> {
  const { encryptLoginField } = await import('./login-cipher-aes');
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, encryptLoginField(value, key)]));
}
