import type { Db } from '../../db/client.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SmsProvider } from './sms.providers.ts';

/**
 * Texts `content` to every enabled account of a supplier company that has a phone. Called after
 * the step it reports committed: a failed send is the caller's to log, never a reason to undo it.
 */
export async function smsCompany(db: Db, sms: SmsProvider, companyId: number, content: string): Promise<void> {
  const members = await accountsRepository.companyMembers(db, companyId);
  for (const m of members) if (m.status === '0' && m.tel) await sms.send(m.tel, content);
}
