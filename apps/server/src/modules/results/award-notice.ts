import { fenToChineseCapital } from '@lvb/contracts/money';
import { platformTime, platformZone, yuan } from '../../i18n/format.ts';
import { newPdf } from '../../lib/pdf.ts';

/** What the award notice states (all of it read from the records in the transaction). */
export interface AwardNoticeFacts {
  number: string;
  projectCode: string;
  projectName: string;
  ownerName: string;
  winnerName: string;
  amountFen: number;
  feeFen: number;
  publicityEndsAt: Date | null;
  /** SHA-256 of the owner's signed canonical result. */
  resultHash: string;
  issuedAt: Date;
  platformName: string;
  platformNameZh: string;
}

/** The award notice's number: ZX and the project code's digits (one notice per project). */
export const awardNoticeNumber = (projectCode: string) => `ZX${projectCode.replace(/^\D+/, '')}`;

/**
 * The award notice (中选通知书) as a PDF: Chinese first and English after it, the amount in
 * figures and in Chinese capital numerals, the result's hash, the issue time on the platform's
 * clock. The caller stores the bytes and records their SHA-256.
 */
export async function awardNoticePdf(f: AwardNoticeFacts): Promise<Buffer> {
  const { doc, finish } = newPdf({
    title: `中选通知书 Notice of Award ${f.number}`,
    subject: `${f.projectCode} ${f.projectName}`,
    createdAt: f.issuedAt,
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const amount = `${yuan(f.amountFen)}（人民币${fenToChineseCapital(f.amountFen)}）`;
  const ends = f.publicityEndsAt ? platformTime(f.publicityEndsAt) : '—';
  const issued = `${platformTime(f.issuedAt)} (${platformZone(f.issuedAt)})`;

  doc.fontSize(22).text('中选通知书', { align: 'center' });
  doc.fontSize(12).fillColor('#555').text('Notice of Award', { align: 'center' });
  doc.moveDown(0.5).fontSize(10).text(`编号 No. ${f.number}`, { align: 'right' }).fillColor('#000');
  doc.moveDown();

  doc.fontSize(12).text(`${f.winnerName}：`);
  doc
    .moveDown(0.4)
    .text(
      `贵单位参加的项目“${f.projectName}”（项目编号 ${f.projectCode}）经评审、业主确认、审核及公示，公示期内无异议或异议已处理完毕，确定贵单位为中选单位。请贵单位自收到本通知书之日起与${f.ownerName}签订合同。`,
      { width, lineGap: 4 },
    );
  doc.moveDown();

  const rows: [string, string][] = [
    ['项目名称 Project', `${f.projectName}`],
    ['项目编号 Code', f.projectCode],
    ['业主单位 Owner', f.ownerName],
    ['中选单位 Winner', f.winnerName],
    ['中选金额 Award amount', amount],
    ['公示结束 Publicity ended', ends],
    ['平台服务费 Service fee', yuan(f.feeFen)],
    ['结果签章摘要 Result SHA-256', f.resultHash],
  ];
  const labelWidth = 150;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fontSize(10).fillColor('#555').text(label, doc.page.margins.left, y, { width: labelWidth });
    const afterLabel = doc.y;
    doc.fillColor('#000').text(value, doc.page.margins.left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(afterLabel, doc.y) + 6;
  }
  doc.x = doc.page.margins.left;
  doc.moveDown();

  doc
    .fontSize(11)
    .text(
      `Your company took part in project ${f.projectName} (${f.projectCode}). After evaluation, the owner's confirmation, audit and publicity with no objection outstanding, your company is the winner at ${yuan(f.amountFen)}. Please sign the contract with ${f.ownerName}.`,
      { width, lineGap: 3 },
    );
  doc.moveDown(2);
  doc.fontSize(11).text(`${f.platformNameZh}  ${f.platformName}`, { align: 'right' });
  doc.fontSize(10).text(`签发时间 Issued ${issued}`, { align: 'right' });
  doc.moveDown(2);
  doc
    .fontSize(8)
    .fillColor('#777')
    .text(
      '本通知书的 SHA-256 摘要由平台记录，可与平台所示摘要核对。The SHA-256 of this file is recorded by the platform; compare it with the digest the platform shows.',
      { width },
    );
  return finish();
}
