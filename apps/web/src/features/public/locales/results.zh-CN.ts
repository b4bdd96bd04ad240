import type { Widen } from '@/shared/lib/i18n';
import type { publicResultsEn } from './results.en';

export const publicResultsZh: Widen<typeof publicResultsEn> = {
  kinds: '结果类别',
  kind: {
    publicity: '公示中',
    awarded: '已中选',
    failed: '流标',
  },
  empty: {
    publicity: '当前没有公示中的结果。',
    awarded: '暂无已中选的结果。',
    failed: '暂无流标项目。',
  },
  keyword: '项目名称或编号',
  print: '打印',
  printedKind: '结果公示：{{kind}}',
  title: '中选结果',
  field: {
    code: '编号',
    owner: '业主单位',
    winner: '中选单位',
    amount: '中选金额',
    publicitySince: '公示开始',
    publicityEnd: '公示截止',
    awardedAt: '中选时间',
    objections: '异议',
    failedReason: '流标原因',
    failedAt: '流标时间',
  },
  objections: {
    none: '无',
    open: '处理中：异议处理完毕前公示不结束',
    decided: '已处理',
  },
  ranking: {
    title: '排名',
    rank: '名次',
    company: '投标单位',
    price: '报价',
    total: '综合得分',
  },
  hash: '已签章结果的 SHA-256',
};
