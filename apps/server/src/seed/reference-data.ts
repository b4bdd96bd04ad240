/** Dictionaries and parameters seeded on an empty database. */
export interface SeedDictType {
  type: string;
  name: string;
  nameZh: string;
  /** [value, label, labelZh, listClass] */
  entries: [string, string, string, string][];
}

function dictionary(type: string, name: string, nameZh: string, entries: SeedDictType['entries']): SeedDictType {
  return { type, name, nameZh, entries };
}
/** A dictionary of two states: '0' (shown as primary) and '1' (shown as danger). */
const twoState = (type: string, name: string, nameZh: string, on: [string, string], off: [string, string]) =>
  dictionary(type, name, nameZh, [
    ['0', ...on, 'primary'],
    ['1', ...off, 'danger'],
  ]);

export const DICTIONARIES: SeedDictType[] = [
  dictionary('sys_yes_no', 'Yes or no', '系统是否', [
    ['Y', 'Yes', '是', 'primary'],
    ['N', 'No', '否', 'danger'],
  ]),
  twoState('sys_normal_disable', 'Enabled state', '系统开关', ['Enabled', '正常'], ['Disabled', '停用']),
  twoState('sys_show_hide', 'Menu visibility', '菜单状态', ['Shown', '显示'], ['Hidden', '隐藏']),
  twoState('sys_common_status', 'Outcome', '系统状态', ['Success', '成功'], ['Failure', '失败']),
  dictionary('sys_user_types', 'Account kind', '账号类型', [
    ['0', 'Back office', '后台用户', 'primary'],
    ['1', 'Supplier', '供应商', 'success'],
  ]),
  dictionary('company_status', 'Company state', '企业状态', [
    ['0', 'Active', '正常', 'success'],
    ['1', 'Disabled', '停用', 'warning'],
    ['2', 'Blacklisted', '黑名单', 'danger'],
  ]),
  dictionary('account_request_status', 'Account request state', '账号申请状态', [
    ['pending', 'Pending', '待审核', 'warning'],
    ['approved', 'Approved', '已通过', 'success'],
    ['rejected', 'Rejected', '已驳回', 'danger'],
  ]),
  dictionary('project_type', 'Project type', '项目类型', [
    ['construction', 'Construction', '施工', 'primary'],
    ['survey', 'Survey', '勘察', 'info'],
    ['design', 'Design', '设计', 'info'],
    ['supervision', 'Supervision', '监理', 'info'],
    ['service', 'Service', '服务', 'success'],
    ['goods', 'Goods', '货物', 'default'],
  ]),
  dictionary('selection_model', 'Selection model', '选取方式', [
    ['1', 'Pool draw', '随机抽取', 'primary'],
    ['2', 'Sealed price competition', '竞价', 'warning'],
    ['3', 'Best-value evaluation', '综合评审', 'success'],
  ]),
  dictionary('project_status', 'Project status', '项目状态', [
    ['draft', 'Draft', '草稿', 'default'],
    ['pending_audit', 'Pending audit', '待审核', 'warning'],
    ['rejected', 'Rejected', '已驳回', 'danger'],
    ['published', 'Published', '已发布', 'primary'],
    ['signup_closed', 'Sign-up closed', '报名截止', 'info'],
    ['evaluating', 'Evaluating', '评审中', 'info'],
    ['result_pending', 'Result pending', '待确认结果', 'warning'],
    ['result_audit', 'Result audit', '结果审核', 'warning'],
    ['publicity', 'Publicity', '公示中', 'primary'],
    ['awarded', 'Awarded', '已中选', 'success'],
    ['contracted', 'Contracted', '已签约', 'success'],
    ['accepted', 'Accepted', '已验收', 'success'],
    ['completed', 'Completed', '已完成', 'success'],
    ['failed', 'Failed', '流标', 'danger'],
    ['cancelled', 'Cancelled', '已撤销', 'danger'],
  ]),
  dictionary('application_status', 'Application status', '报名状态', [
    ['pending_check', 'Pending check', '待审查', 'warning'],
    ['qualified', 'Qualified', '已通过', 'success'],
    ['rejected', 'Rejected', '未通过', 'danger'],
    ['withdrawn', 'Withdrawn', '已撤回', 'default'],
    ['won', 'Won', '中选', 'success'],
    ['lost', 'Lost', '未中选', 'info'],
    ['confirmed', 'Confirmed', '已确认', 'success'],
    ['declined', 'Declined', '已放弃', 'danger'],
  ]),
  dictionary('objection_status', 'Objection status', '异议状态', [
    ['open', 'Open', '待答复', 'warning'],
    ['answered', 'Answered', '已答复', 'primary'],
    ['upheld', 'Upheld', '异议成立', 'danger'],
    ['dismissed', 'Dismissed', '异议不成立', 'info'],
  ]),
  dictionary('fee_status', 'Service fee status', '服务费状态', [
    ['unpaid', 'Unpaid', '待缴纳', 'warning'],
    ['submitted', 'Voucher submitted', '待确认', 'primary'],
    ['rejected', 'Voucher rejected', '已退回', 'danger'],
    ['confirmed', 'Confirmed', '已到账', 'success'],
    ['waived', 'None due', '无需缴纳', 'info'],
  ]),
  dictionary('acceptance_conclusion', 'Acceptance conclusion', '验收结论', [
    ['passed', 'Passed', '验收合格', 'success'],
    ['failed', 'Failed', '验收不合格', 'danger'],
  ]),
  dictionary('order_status', 'Guarantee order status', '保函订单状态', [
    ['draft', 'Draft', '草稿', 'default'],
    ['submitted', 'Submitted', '已提交', 'primary'],
    ['awaiting_payment', 'Payment to confirm', '待确认收款', 'warning'],
    ['paid', 'Paid', '已支付', 'primary'],
    ['underwriting', 'Underwriting', '审核中', 'warning'],
    ['issued', 'Issued', '已出函', 'success'],
    ['rejected', 'Rejected', '已拒绝', 'danger'],
    ['released', 'Released', '已解除', 'info'],
    ['expired', 'Expired', '已过期', 'info'],
    ['surrendered', 'Surrendered', '已退保', 'info'],
    ['claimed', 'Claimed', '已理赔', 'danger'],
    ['cancelled', 'Cancelled', '已取消', 'default'],
  ]),
  dictionary('draw_status', 'Pool draw status', '抽取状态', [
    ['scheduled', 'Scheduled', '待抽取', 'warning'],
    ['drawn', 'Drawn', '已抽取', 'primary'],
    ['engaged', 'Contractor engaged', '已确定承包商', 'success'],
    ['failed', 'No contractor', '无承包商确认', 'danger'],
    ['cancelled', 'Cancelled', '已取消', 'default'],
  ]),
  dictionary('pick_status', 'Drawn contractor answer', '抽中确认状态', [
    ['asked', 'Awaiting answer', '待确认', 'warning'],
    ['confirmed', 'Confirmed', '已确认', 'success'],
    ['declined', 'Declined', '已放弃', 'danger'],
    ['expired', 'No answer in time', '超时未确认', 'info'],
  ]),
  dictionary('claim_status', 'Guarantee claim status', '保函索赔状态', [
    ['filed', 'Filed', '待处理', 'warning'],
    ['paid', 'Paid', '已赔付', 'danger'],
    ['refused', 'Refused', '已拒赔', 'info'],
  ]),
  dictionary('pool_member_status', 'Pool member status', '入库状态', [
    ['active', 'Active', '正常', 'success'],
    ['suspended', 'Suspended', '已暂停', 'danger'],
  ]),
  dictionary('expert_status', 'Expert status', '专家状态', [
    ['active', 'Active', '正常', 'success'],
    ['suspended', 'Suspended', '已暂停', 'danger'],
  ]),
  dictionary('guarantee_kind', 'Guarantee kind', '保函类型', [
    ['bid', 'Bid', '投标保函', 'primary'],
    ['performance', 'Performance', '履约保函', 'success'],
    ['advance', 'Advance payment', '预付款保函', 'info'],
    ['quality', 'Quality', '质量保函', 'info'],
    ['wage', 'Wage payment', '农民工工资保函', 'warning'],
  ]),
  dictionary('notice_type', 'Notice type', '公告类型', [
    ['notification', 'Notification', '平台通知', 'info'],
    ['announcement', 'Announcement', '项目公告', 'primary'],
    ['correction', 'Correction', '更正公告', 'warning'],
    ['result', 'Result', '结果公告', 'success'],
    ['failure', 'Failure', '流标公告', 'danger'],
    ['pool', 'Pool publicity', '入库公示', 'info'],
    ['cancellation', 'Cancellation', '终止公告', 'danger'],
  ]),
  twoState('sys_notice_status', 'Notice state', '公告状态', ['Published', '正常'], ['Closed', '关闭']),
];

/** [key, name, value, valueType, scope] */
export const PARAMETERS: [string, string, string, string, string][] = [
  ['site.platformName', 'Platform name', 'Electronic Guarantee Service Platform', 'string', 'system'],
  ['site.platformNameZh', 'Platform name (Chinese)', '电子保函服务平台', 'string', 'system'],
  ['site.consultPhone', 'Consultation phone line', '0571-8888 6666', 'string', 'business'],
  ['site.serviceHours', 'Working hours on working days', '9:00-17:30', 'string', 'business'],
  ['bid.signupDays', 'Sign-up days', '5', 'number', 'business'],
  ['bid.publicityDays', 'Result publicity days', '3', 'number', 'business'],
  ['bid.minParticipants', 'Minimum valid participants', '3', 'number', 'business'],
  ['draw.excludeRecentDays', 'Days a drawn contractor is left out of new draws', '30', 'number', 'business'],
  ['draw.confirmHours', 'Hours a drawn contractor has to confirm', '24', 'number', 'business'],
  [
    'fee.rateTiers',
    'Service-fee rate tiers [up to yuan, rate]',
    // The works column of the national tendering-agency fee scale (docs/decisions.md, "Service-fee bands").
    '[[1000000,0.01],[5000000,0.007],[10000000,0.0055],[null,0.0035]]',
    'string',
    'business',
  ],
  ['valueLimit.construction', 'Value limit of construction projects (yuan)', '4000000', 'number', 'business'],
  ['valueLimit.survey', 'Value limit of survey projects (yuan)', '1000000', 'number', 'business'],
  ['valueLimit.design', 'Value limit of design projects (yuan)', '1000000', 'number', 'business'],
  ['valueLimit.supervision', 'Value limit of supervision projects (yuan)', '1000000', 'number', 'business'],
  ['valueLimit.service', 'Value limit of service projects (yuan)', '1000000', 'number', 'business'],
  ['valueLimit.goods', 'Value limit of goods (yuan)', '1000000', 'number', 'business'],
  ['account.passwordMinLength', 'Minimum password length', '8', 'number', 'system'],
];
