import type { Widen } from '@/shared/lib/i18n';
import type { applicationsEn } from './en';

export const applicationsZh: Widen<typeof applicationsEn> = {
  pages: {
    all: '报名管理',
    check: '资格审查',
    mine: '我的项目',
  },
  filter: {
    project: '项目名称或编号',
    company: '供应商名称',
  },
  action: {
    view: '查看',
    qualify: '审查通过',
    reject: '审查不通过',
    withdraw: '撤回',
  },
  confirm: {
    qualify: '确认 {{company}} 对项目“{{project}}”的报名通过资格审查？系统将立即通知供应商。',
    withdraw: '确认撤回对项目“{{project}}”的报名？投标截止前可以重新报名。',
  },
  rejectTitle: '{{company}} 的报名不通过',
  detail: '报名详情',
  noDocuments: '暂无文件',
  timeline: {
    title: '办理记录',
    actions: {
      apply: '报名',
      qualify: '审查通过',
      reject: '审查不通过',
      withdraw: '撤回报名',
      win: '中选',
      lose: '未中选',
      confirm: '确认中选',
      decline: '放弃中选',
      document_deleted: '删除文件',
    },
  },
  mine: {
    hint: '您已报名的项目及资格审查结果。可在项目大厅查找更多项目。',
    toHall: '项目大厅',
    deadlinePassed: '已过截止时间',
  },
};
