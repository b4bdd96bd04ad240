import type { Widen } from '@/shared/lib/i18n';
import type { applicationsPublicEn } from './public.en';

export const applicationsPublicZh: Widen<typeof applicationsPublicEn> = {
  field: {
    project: '项目',
    projectCode: '项目编号',
    company: '供应商',
    contactName: '联系人',
    contactTel: '联系电话',
    guaranteeLetterNo: '保函编号',
    documents: '资格证明文件',
    status: '状态',
    reason: '原因',
    appliedAt: '报名时间',
    checkedAt: '审查时间',
    bidDeadline: '投标截止时间',
  },
  done: {
    qualify: '报名已通过资格审查。',
    reject: '报名未通过资格审查。',
    withdraw: '报名已撤回。',
    apply: '报名已提交，等待资格审查。',
  },
  apply: {
    button: '我要报名',
    title: '报名：{{project}}',
    intro: '报名时间 {{start}} 至 {{deadline}}，业主单位将审查您的资格证明文件。',
    guaranteeNotice:
      '该项目要求 {{amount}} 的投标保函。您可以先报名，在投标截止前于“我的项目”中选择平台出具的保函（在“电子保函 → 保函订单”中申请），或填写其他机构出具的保函编号，由业主单位人工核验。',
    guaranteeLetterHint: '选填。非本平台出具的保函由业主单位人工核验。',
    contactRequired: '请填写联系人姓名。',
    telRequired: '请填写 6 至 20 位的联系电话。',
    documentsRequired: '请上传资格证明文件。',
    signIn: '以供应商身份登录后报名',
    suppliersOnly: '只有供应商账号可以报名项目。',
    poolDraw: '该项目从承包商库中随机抽取，不接受报名。',
    notOpen: '报名将于 {{start}} 开始。',
    notOpenSignIn: '报名将于 {{start}} 开始，届时供应商登录后即可报名。',
    closed: '报名已截止。',
    notTaking: '该项目已不接受报名。',
    incomplete: '请先完善企业信息再报名。',
    completeRecord: '完善企业信息',
    yours: '您的报名：{{status}}',
    reason: '原因：{{reason}}',
    myApplications: '我的项目',
  },
};
