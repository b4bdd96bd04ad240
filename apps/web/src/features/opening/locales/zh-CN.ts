import type { Widen } from '@/shared/lib/i18n';
import type { openingEn } from './en';

export const openingZh: Widen<typeof openingEn> = {
  title: '开标',
  model: {
    '2': '竞价',
    '3': '综合评分',
  },
  modelLabel: '选取方式',
  tab: {
    closed: '报价已截止',
    due: '待开标',
    opened: '已开标',
  },
  keyword: '项目名称或编号',
  none: '暂无项目。',
  column: {
    code: '项目编号',
    name: '项目',
    owner: '业主单位',
    status: '状态',
    deadline: '投标截止',
    opening: '开标时间',
    witnesses: '到场监督',
    openedAt: '开标于',
    actions: '操作',
  },
  view: '查看',
  back: '返回列表',
  field: {
    minParticipants: '最少参与家数',
  },
  noWitness: '暂无',
  witnessedAt: '{{name}}，{{time}}',
  hint: {
    notYet: '开标时间为 {{time}}，届时方可开标。',
    needWitness:
      '开标前须由监督人员确认到场，且开标时须在场：监督人员打开本页面或现场直播页面（一分钟内出现）即视为在场。',
  },
  witness: '确认到场',
  witnessConfirm: '确认您作为监督人员到场监督 {{name}} 的开标？',
  witnessed: '已确认到场。',
  open: '开标',
  openConfirm: '现在开启 {{name}} 的全部密封报价？开标记录只生成一次，并向投标人公布。',
  opened: '已开标。',
  record: {
    title: '开标记录',
    openedAt: '开标时间',
    openedBy: '开标人',
    witness: '监督人',
    ranked: '有效报价最低者排名第一。',
    scoring: '综合评分：接下来由业主评审小组对有效投标的报价和技术文件评分（综合评分页面），总分最高者中选。',
    valid: '有效',
    failed: '项目流标：有效报价 {{valid}} 家，少于最少 {{min}} 家。',
    rank: '名次',
    company: '投标人',
    price: '报价',
    submittedAt: '提交时间',
    receipt: '回执哈希（SHA-256）',
    nonce: '随机数',
    notValid: '无效',
    tie: '抽签排序',
    seed: '抽签种子',
    tieRule:
      '报价相同者按公开的抽签规则排序：以同价投标的回执哈希（排序后每行一个）为名单，使用项目公告中已公布其 SHA-256 承诺值的种子，不加现场随机数。',
    receiptRule:
      '每份回执为 JSON {"projectId","applicationId","priceFen","submittedAt","nonce"}（按此键顺序、无空格）的 SHA-256，任何人均可根据本记录重新计算。',
    print: '打印',
  },
};
