import type { OrderEvent } from '@lvb/contracts/guarantee-order-workflow';
import { platformTime, yuan } from '../../i18n/format.ts';
import { text, type Text } from '../../i18n/text.ts';
import type { BidderMessage } from '../applications/tell-bidders.ts';
import type { ListedClaim, ListedOrder } from './guarantees.repository.ts';

const reasonText = (reason: string | Text | undefined): Text =>
  typeof reason === 'object' ? reason : text(reason ?? '', reason ?? '');

/**
 * What the ordering company is told at each step of its order that someone else takes (its own
 * steps it has just seen): a notice in both languages, its first paragraph the SMS. Undefined for
 * the steps it took itself.
 */
export function orderMessage(event: OrderEvent, o: ListedOrder, reason?: string | Text): BidderMessage | undefined {
  const order = text(`Guarantee order ${o.orderNo} (${o.projectName})`, `保函订单 ${o.orderNo}（${o.projectName}）`);
  const why = reasonText(reason);
  switch (event) {
    case 'return_payment':
      return {
        title: text(`${order.en}: voucher returned`, `${order.zh}：付款凭证被退回`),
        paragraphs: [
          text(
            `Finance returned the payment voucher of ${order.en}: give another. Reason: ${why.en}`,
            `财务退回了${order.zh}的付款凭证，请重新上传。原因：${why.zh}`,
          ),
        ],
      };
    case 'start_underwriting':
      return {
        title: text(`${order.en}: payment confirmed`, `${order.zh}：已确认收款`),
        paragraphs: [
          text(
            `The premium of ${order.en} (${yuan(o.premiumFen)}) was received; the letter is being underwritten.`,
            `${order.zh}的保费（${yuan(o.premiumFen)}）已确认到账，保函正在审核中。`,
          ),
        ],
      };
    case 'auto_issue':
    case 'issue':
      return {
        title: text(`Letter of guarantee ${o.letterNo} issued`, `保函 ${o.letterNo} 已出具`),
        paragraphs: [
          text(
            `The letter of guarantee ${o.letterNo} for ${o.projectName} (${yuan(o.amountFen)}, beneficiary ${o.beneficiary}) was issued, valid from ${o.validFrom} to ${o.validTo}. Download it under My guarantees.`,
            `项目“${o.projectName}”的保函 ${o.letterNo}（担保金额 ${yuan(o.amountFen)}，受益人 ${o.beneficiary}）已出具，有效期 ${o.validFrom} 至 ${o.validTo}，可在“我的保函”中下载。`,
          ),
        ],
      };
    case 'reject':
      return {
        title: text(`${order.en}: not underwritten`, `${order.zh}：审核未通过`),
        paragraphs: [
          text(
            `${order.en} was not underwritten. Reason: ${why.en}. Refund recorded: ${yuan(o.refundFen ?? 0)}.`,
            `${order.zh}审核未通过。原因：${why.zh}。已登记退款：${yuan(o.refundFen ?? 0)}。`,
          ),
        ],
      };
    case 'release':
      return {
        title: text(`Letter of guarantee ${o.letterNo} released`, `保函 ${o.letterNo} 已解除`),
        paragraphs: [
          text(
            `The letter of guarantee ${o.letterNo} for ${o.projectName} is released: the project was awarded to another company, failed or was cancelled. It no longer binds.`,
            `项目“${o.projectName}”已由其他单位中选、流标或终止，保函 ${o.letterNo} 已解除，不再承担担保责任。`,
          ),
        ],
      };
    case 'expire':
      return {
        title: text(`Letter of guarantee ${o.letterNo} expired`, `保函 ${o.letterNo} 已到期`),
        paragraphs: [
          text(
            `The letter of guarantee ${o.letterNo} for ${o.projectName} expired at the end of ${o.validTo}.`,
            `项目“${o.projectName}”的保函 ${o.letterNo} 已于 ${o.validTo} 到期失效。`,
          ),
        ],
      };
    default:
      return undefined;
  }
}

/** What the ordering company is told of a claim on its letter: filed, paid, refused. */
export function claimMessage(step: 'filed' | 'paid' | 'refused', c: ListedClaim): BidderMessage {
  const letter = text(`letter of guarantee ${c.letterNo}`, `保函 ${c.letterNo}`);
  const amount = yuan(c.amountFen);
  if (step === 'filed')
    return {
      title: text(`A claim on ${letter.en}`, `${letter.zh}收到索赔`),
      paragraphs: [
        text(
          `${c.beneficiary} claimed ${amount} on your ${letter.en} for ${c.projectName} on ${platformTime(c.createdAt)}. Reason: ${c.reason}`,
          `${c.beneficiary}于 ${platformTime(c.createdAt)} 就项目“${c.projectName}”对贵单位的${letter.zh}提出索赔 ${amount}。理由：${c.reason}`,
        ),
      ],
    };
  if (step === 'paid')
    return {
      title: text(`The claim on ${letter.en} was paid`, `${letter.zh}的索赔已赔付`),
      paragraphs: [
        text(
          `The guarantor paid ${amount} to ${c.beneficiary} on your ${letter.en}; the letter is spent.`,
          `担保机构已就贵单位的${letter.zh}向${c.beneficiary}赔付 ${amount}，该保函责任终止。`,
        ),
      ],
    };
  return {
    title: text(`The claim on ${letter.en} was refused`, `${letter.zh}的索赔被拒绝`),
    paragraphs: [
      text(
        `The claim of ${c.beneficiary} on your ${letter.en} was refused. Reason: ${c.statusReason ?? ''}`,
        `${c.beneficiary}对贵单位${letter.zh}的索赔已被拒绝。原因：${c.statusReason ?? ''}`,
      ),
    ],
  };
}
