import { z } from 'zod';

/**
 * Chinese of the custom validation messages written in the schemas (packages/contracts and the
 * server's routes), keyed by their exact English text. validation-zh.test.ts reads those sources
 * and fails on a message missing here, so a new message cannot ship untranslated.
 */
export const VALIDATION_ZH: Readonly<Record<string, string>> = {
  // packages/contracts
  'status must be 0 (enabled) or 1 (disabled)': '状态须为 0（正常）或 1（停用）',
  'user name: 3 to 30 letters, digits or _, starting with a letter': '用户名：3 至 30 位字母、数字或下划线，以字母开头',
  'name is required': '请填写名称',
  'price weight: a whole number of points': '价格权重：须为整数分',
  'price weight: 0 to 100 points': '价格权重：0 至 100 分',
  'criterion: a name is required': '评分项：请填写名称',
  'criterion: a Chinese name is required': '评分项：请填写中文名称',
  'criterion: a whole number of points': '评分项：满分须为整数',
  'criterion: 1 to 100 points': '评分项：满分为 1 至 100 分',
  'criteria: at least one': '评分项：至少一项',
  'criteria: at most 10': '评分项：最多 10 项',
  'choose a department': '请选择部门',
  'choose at least one record': '请至少选择一条记录',
  'role key: 2 to 50 lower-case letters, digits or _': '角色标识：2 至 50 位小写字母、数字或下划线',
  'permission: module:entity:action': '权限字符：格式为 模块:实体:操作',
  'choose the parent department': '请选择上级部门',
  'phone: 6 to 20 digits': '电话：6 至 20 位数字',
  'dictionary type: lower-case letters, digits and _': '字典类型：小写字母、数字或下划线',
  'parameter key: letters, digits, _ and .': '参数键名：字母、数字、下划线或点',
  'title is required': '请填写标题',
  'the content is too long': '内容过长',
  'give the reason': '请填写原因',
  'give the answer': '请填写答复',
  'phone must be 11 digits starting with 1': '手机号须为以 1 开头的 11 位数字',
  'password must have at least 8 characters': '密码不能少于 8 个字符',
  'password must have at most 64 characters': '密码不能超过 64 个字符',
  'password must contain a letter': '密码须包含字母',
  'password must contain a digit': '密码须包含数字',
  'unified credit code must be 18 characters': '统一社会信用代码须为 18 位',
  'the SMS code has 6 digits': '短信验证码为 6 位数字',
  'contact phone: 6 to 20 digits': '联系电话：6 至 20 位数字',
  'bank account: 8 to 30 digits': '银行账号：8 至 30 位数字',
  'model: 1 pool draw, 2 price competition, 3 best value': '选取方式：1 随机抽取，2 竞价，3 综合评审',
  'code: lower-case letters, digits and _': '编码：小写字母、数字或下划线',
  'amounts are in fen, whole numbers': '金额以分为单位，须为整数',
  'price: a whole number of fen (1/100 yuan)': '报价：以分为单位的整数',
  'price: must be more than 0': '报价：须大于 0',
  'price: above the highest value limit': '报价：超过最高限额',
  'proposals: attach at least one technical proposal file': '技术文件：至少附一份技术方案文件',
  'proposals: at most 10 files': '技术文件：最多 10 个文件',
  'panel: at least one member': '评审小组：至少一名成员',
  'panel: at most 20 members': '评审小组：最多 20 名成员',
  'score: may not be negative': '评分：不能为负数',
  'scores: score every bid on every criterion': '评分：须对每个投标的每个评分项评分',
  'a date and time with its offset': '须为带时区的日期时间',
  'name: at least 4 characters': '项目名称：至少 4 个字符',
  'choose the project type': '请选择项目类型',
  'choose the place': '请选择项目地点',
  'budget: must be more than 0': '预算金额：必须大于 0',
  'contact: the name of the person to ask': '联系人：请填写联系人姓名',
  'contact phone: 6 to 30 digits': '联系电话：6 至 30 位数字',
  // packages/contracts/src/applications.ts
  'documents: attach your qualification documents': '请上传资格证明文件',
  // packages/contracts/src/completion.ts, results.ts
  'files: at most 10': '文件：最多 10 个',
  'contract number: required': '请填写合同编号',
  'contract number: at most 50 characters': '合同编号：最多 50 个字符',
  'contract amount: a whole number of fen (1/100 yuan)': '合同金额：以分为单位的整数',
  'contract amount: must be more than 0': '合同金额：须大于 0',
  'contract amount: above the highest value limit': '合同金额：超过最高限额',
  'signing date: a date such as 2026-12-01': '签订日期：须为日期，例如 2026-12-01',
  'period start: a date such as 2026-12-01': '工期开始：须为日期，例如 2026-12-01',
  'period end: a date such as 2027-03-01': '工期结束：须为日期，例如 2027-03-01',
  'files: attach the signed contract': '请上传已签订的合同文件',
  'period end: on or after its start': '工期结束日期不能早于开始日期',
  'inspection date: a date such as 2027-03-01': '验收日期：须为日期，例如 2027-03-01',
  'conclusion: passed or failed': '验收结论：合格或不合格',
  'remarks: at most 2000 characters': '备注：最多 2000 个字符',
  'remarks: say what failed the inspection': '请在备注中说明验收不合格的原因',
  'voucher: upload the bank-transfer voucher': '请上传银行转账凭证',
  'choose the project': '请选择项目',
  'content: write the notice': '请填写公告内容',
  // packages/contracts/src/guarantees.ts
  'rate tiers: each bound above 0': '费率档：每档上限须大于 0',
  'rate tiers: a rate of 0 to 10%': '费率档：费率为 0 至 10%',
  'rate tiers: at least one': '费率档：至少一档',
  'rate tiers: at most 10': '费率档：最多 10 档',
  'rate tiers: bounds rising, an open one (null) only last': '费率档：上限须递增，只有最后一档可以不设上限（null）',
  'name: at least 2 characters': '名称：至少 2 个字符',
  'Chinese name: at least 2 characters': '中文名称：至少 2 个字符',
  'kind: choose the kind of guarantee': '请选择保函类型',
  'minimum premium: a whole number of fen (1/100 yuan)': '最低保费：以分为单位的整数',
  'minimum premium: may not be negative': '最低保费：不能为负数',
  'validity: 1 to 1095 days': '有效期：1 至 1095 天',
  'auto-approve limit: a whole number of fen (1/100 yuan)': '自动出函额度：以分为单位的整数',
  'auto-approve limit: may not be negative': '自动出函额度：不能为负数',
  'choose the letter template': '请选择保函模板',
  'Chinese text: write the letter': '请填写保函中文内容',
  'choose the application': '请选择报名记录',
  'choose the product': '请选择保函产品',
  'guaranteed amount: a whole number of fen (1/100 yuan)': '担保金额：以分为单位的整数',
  'guaranteed amount: must be more than 0': '担保金额：须大于 0',
  'claimed amount: must be more than 0': '索赔金额：须大于 0',
  'claimed amount: a whole number of fen (1/100 yuan)': '索赔金额：须为整数分（0.01 元）',
  'choose an issued letter or give the number of a letter from elsewhere':
    '请选择已出具的保函，或填写其他机构出具的保函编号',
  'refund: a whole number of fen (1/100 yuan)': '退款金额：以分为单位的整数',
  'refund: may not be negative': '退款金额：不能为负数',
  'letter number: required': '请填写保函编号',
  'verification code: required': '请填写验证码',
  // apps/server
  'ids: comma-separated numbers': '记录编号须为以逗号分隔的数字',
  'ids: a number is not a record id': '包含无效的记录编号',
  'not a file name this server issued': '不是本系统生成的文件名',
  'must be JSON, e.g. [[1000000,0.01],[null,0.005]]': '须为 JSON，例如 [[1000000,0.01],[null,0.005]]',
  'the last tier must be open-ended (null)': '最后一档的上限须为空（null）',
  'a phone number': '须为电话号码',
  'hours as 9:00-17:30': '时间格式如 9:00-17:30',
};

const zhCN = z.locales.zhCN();

/**
 * Chinese names of the fields a person fills, for the field put in front of zod's own messages
 * ("预算金额：数值过小…" rather than "budget：…"); a field not named here keeps its key.
 */
const FIELD_ZH: Readonly<Record<string, string>> = {
  accountNo: '银行账号',
  amountFen: '金额',
  conclusion: '验收结论',
  contractNo: '合同编号',
  files: '文件',
  inspectedOn: '验收日期',
  periodEnd: '工期结束',
  periodStart: '工期开始',
  projectId: '项目',
  remarks: '备注',
  signedOn: '签订日期',
  voucher: '缴费凭证',
  bankName: '开户银行',
  beginTime: '开始日期',
  bidDeadline: '投标截止时间',
  bidWindowDays: '投标期天数',
  budget: '预算金额',
  code: '编码',
  compName: '企业名称',
  contactName: '联系人',
  contactTel: '联系电话',
  content: '内容',
  creditCode: '统一社会信用代码',
  deptId: '部门',
  description: '项目概况',
  documents: '项目文件',
  endTime: '结束日期',
  guaranteeAmount: '投标保证金',
  rateTiers: '费率档',
  minPremiumFen: '最低保费',
  validityDays: '有效天数',
  autoApproveLimitFen: '自动出函额度',
  templateId: '保函模板',
  onShelf: '上架',
  nameZh: '中文名称',
  bodyZh: '中文内容',
  bodyEn: '英文内容',
  letterhead: '信头',
  seal: '印章',
  applicationId: '报名记录',
  productId: '保函产品',
  refundFen: '退款金额',
  letterNo: '保函编号',
  guaranteeRequired: '需要投标保函',
  keyword: '关键字',
  loginPwd: '密码',
  loginUid: '用户名',
  minParticipants: '最少参与家数',
  model: '选取方式',
  msgCode: '短信验证码',
  name: '名称',
  openingAt: '开标/抽取时间',
  orderNum: '显示顺序',
  ownerDeptId: '业主单位',
  pageNum: '页码',
  pageSize: '每页条数',
  parentId: '上级',
  phone: '手机号',
  placeId: '项目地点',
  publicityDays: '公示天数',
  qualification: '资格要求',
  reason: '原因',
  remark: '备注',
  signupDays: '报名天数',
  signupStart: '报名开始时间',
  status: '状态',
  subCategoryId: '项目子类',
  tel: '手机号',
  title: '标题',
  typeId: '项目类型',
  valueLimit: '限额',
};

/** A field's path (`a.b`) with its last key in Chinese where the key is one people fill. */
export function fieldZh(path: string): string {
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  return [...keys, FIELD_ZH[last] ?? last].join('.');
}

/**
 * The Chinese of one zod issue: a custom message from the catalogue, zod's own message from its
 * zh-CN locale. The locale is applied to this issue only, never set globally: requests in
 * different languages are validated at the same time. `input` is the value at the issue's path
 * (zod leaves it out of the issues it reports).
 */
export function validationZh(issue: z.core.$ZodIssue, input?: unknown): string {
  const custom = VALIDATION_ZH[issue.message];
  if (custom !== undefined) return custom;
  const rendered = zhCN.localeError({ ...issue, input } as z.core.$ZodRawIssue);
  return (typeof rendered === 'string' ? rendered : rendered?.message) ?? '无效输入';
}
