import type { Widen } from '@/shared/lib/i18n';
import type { statisticsEn } from './en';

/** 查询统计：项目进度（seach/bidsc）与投标记录（seach/bidhistory）。 */
export const statisticsZh: Widen<typeof statisticsEn> = {
  steps: {
    close_signup: '报名截止',
    evaluation: '开标或抽取',
    result: '提交结果审核',
    publicity_end: '公示结束（确定中选）',
  },
  progress: {
    filter: {
      keyword: '项目编号或名称',
      type: '项目类型',
      place: '项目地点',
      model: '选取方式',
      status: '项目状态',
      owner: '业主单位',
      created: '创建日期',
      overdueOnly: '仅看逾期',
    },
    field: {
      project: '项目',
      owner: '业主单位',
      type: '项目类型',
      place: '项目地点',
      model: '选取方式',
      status: '项目状态',
      stage: '进入当前状态',
      nextStep: '下一步',
      overdue: '逾期',
    },
    summary: {
      label: '所筛选项目的汇总',
      total: '项目数',
      overdue: '逾期',
      failed: '汇总数据加载失败。',
    },
    daysInStage_one: '{{count}} 天',
    daysInStage_other: '{{count}} 天',
    due: '截止 {{time}}',
    overdueDays_one: '逾期 {{count}} 天',
    overdueDays_other: '逾期 {{count}} 天',
    onTime: '未逾期',
  },
  bids: {
    filter: {
      keyword: '项目或投标单位',
      model: '选取方式',
      submitted: '提交日期',
      opened: '开标情况',
      openedYes: '已开标',
      openedNo: '未开标',
    },
    field: {
      project: '项目',
      company: '投标单位',
      submittedAt: '提交时间',
      openedAt: '开标时间',
      price: '报价',
      rank: '排名',
    },
    replaced: '已被替换',
    replacedHint: '同一单位之后的投标替换了这一份；只开启最后一份投标。',
    sealed: '密封中',
    sealedHint: '开标前报价保持密封。',
    notOpened: '未开标',
    rankValue: '第 {{rank}} 名',
    inWords: '大写',
  },
  none: '—',
};
