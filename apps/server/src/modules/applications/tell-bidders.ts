import type { Db, Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { escapeHtml } from '../../lib/sanitize.ts';
import { postNotice } from '../notices/notices.service.ts';
import { smsCompany } from '../sms/company-sms.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { applicationsRepository } from './applications.repository.ts';

/** What one bidder company is told: a notice (title, paragraphs) and an SMS, both in both languages. */
export interface BidderMessage {
  title: Text;
  /** Paragraphs of plain text; escaped into the notice's HTML. */
  paragraphs: Text[];
  /** The SMS; the notice's first paragraph when absent. */
  sms?: Text;
}

/** The messages written in a transaction, to be texted once it has committed. */
export interface Told {
  sms: { companyId: number; content: string }[];
}

const html = (paragraphs: Text[], lang: keyof Text) => paragraphs.map((p) => `<p>${escapeHtml(p[lang])}</p>`).join('');

/**
 * The one way a workflow tells the bidders of a project what happened to it (the opening, the
 * ranking, a result, a draw, a guarantee): an in-app notice to each company, in the caller's
 * transaction, each reader seeing their own language; then, after the commit, `sendTold` texts
 * every active account of each company, Chinese first and then English. `messageOf` answers what
 * one company is told (its own place) or undefined to leave it out; the companies are those whose
 * application passed its check, or `companies` when the caller names them.
 */
export async function tellBidders(
  tx: Tx,
  projectId: number,
  createdBy: number,
  messageOf: (companyId: number) => BidderMessage | undefined,
  companies?: number[],
): Promise<Told> {
  const told: Told = { sms: [] };
  for (const companyId of companies ?? (await applicationsRepository.bidderCompanies(tx, projectId))) {
    const m = messageOf(companyId);
    if (!m) continue;
    await postNotice(tx, {
      title: m.title,
      noticeType: 'notification',
      audience: 'suppliers',
      companyId,
      html: text(html(m.paragraphs, 'en'), html(m.paragraphs, 'zh')),
      projectId,
      createdBy,
    });
    const sms = m.sms ?? m.paragraphs[0] ?? m.title;
    told.sms.push({ companyId, content: `${sms.zh} ${sms.en}` });
  }
  return told;
}

/** Texts what `tellBidders` wrote, after its transaction committed; a failed send is logged, never undone. */
export async function sendTold(db: Db, sms: SmsProvider, told: Told, onFailure: (err: unknown) => void) {
  for (const m of told.sms) {
    try {
      await smsCompany(db, sms, m.companyId, m.content);
    } catch (err) {
      onFailure(err);
    }
  }
}
