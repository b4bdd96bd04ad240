import { DEFAULT_BID_KEY, DEFAULT_CODE_SECRET, DEFAULT_LOGIN_AES_KEY, type Config } from './config.ts';

/** Why production must not start with this configuration (DESIGN §3); empty when it may. */
export function productionSecretProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.loginAesKey === DEFAULT_LOGIN_AES_KEY) problems.push('LOGIN_AES_KEY is the documented default');
  if (config.codeSecret === DEFAULT_CODE_SECRET) problems.push('CODE_SECRET is the documented default');
  if (config.bidKey.equals(Buffer.from(DEFAULT_BID_KEY, 'base64'))) problems.push('BID_KEY is the documented default');
  if (config.demoData) problems.push('DEMO_DATA is on');
  if (config.sms.provider === 'outbox') problems.push('SMS_PROVIDER is outbox: codes would never reach a phone');
  return problems;
}
