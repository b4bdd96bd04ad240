import { RoleKey } from '@lvb/contracts/access';
import type { ViewKey } from '@lvb/contracts/views';

type Role = (typeof RoleKey)[keyof typeof RoleKey];
const { owner, auditor, supervisor, guarantor, finance, expert, supplier } = RoleKey;
const ALL_STAFF: Role[] = [owner, auditor, supervisor, guarantor, finance];

export interface CatalogueButton {
  name: string;
  nameZh: string;
  perms: string;
  /** Defaults to the roles of the page. */
  roles?: Role[];
}
export interface CataloguePage {
  view: ViewKey;
  path: string;
  name: string;
  nameZh: string;
  icon: string;
  /** Permission prefix `module:entity`; the page holds `:list`, buttons the rest. */
  perm: string;
  roles: Role[];
  buttons?: CatalogueButton[];
}
export interface CatalogueDirectory {
  path: string;
  name: string;
  nameZh: string;
  icon: string;
  /** 0 back office, 1 suppliers. */
  types: 0 | 1;
  pages: CataloguePage[];
}

/** A button: its permission string and its name in both languages; `roles` when not the page's. */
const button = (perms: string, name: string, nameZh: string, roles?: Role[]): CatalogueButton =>
  roles ? { name, nameZh, perms, roles } : { name, nameZh, perms };

/** The buttons of a page that lists, adds, edits, removes and exports, and any extra ones. */
const crud = (prefix: string, extra: CatalogueButton[] = []): CatalogueButton[] => [
  button(`${prefix}:query`, 'Query', '查询'),
  button(`${prefix}:add`, 'Add', '新增'),
  button(`${prefix}:edit`, 'Edit', '修改'),
  button(`${prefix}:remove`, 'Delete', '删除'),
  button(`${prefix}:export`, 'Export', '导出'),
  ...extra,
];
const readOnly = (prefix: string): CatalogueButton[] => [
  button(`${prefix}:query`, 'Query', '查询'),
  button(`${prefix}:export`, 'Export', '导出'),
];
const approveReject = (prefix: string): CatalogueButton[] => [
  button(`${prefix}:approve`, 'Approve', '通过'),
  button(`${prefix}:reject`, 'Reject', '驳回'),
];

/**
 * A page: view key, name in both languages, icon, the roles it is granted to, permission prefix,
 * and its buttons: a list, or one of the sets above, which the page makes from its prefix. Its
 * path is the last part of its view key.
 */
function page(
  view: ViewKey,
  name: string,
  nameZh: string,
  icon: string,
  roles: Role[],
  perm: string,
  buttons: CatalogueButton[] | ((prefix: string) => CatalogueButton[]),
): CataloguePage {
  const path = view.slice(view.indexOf('/') + 1);
  return { view, path, name, nameZh, icon, perm, roles, buttons: Array.isArray(buttons) ? buttons : buttons(perm) };
}

/** A page only the administrator holds, with the standard buttons and any extra ones. */
const adminPage = (
  view: ViewKey,
  name: string,
  nameZh: string,
  icon: string,
  perm: string,
  extra?: CatalogueButton[],
) => page(view, name, nameZh, icon, [], perm, crud(perm, extra));

const directory = (
  path: string,
  name: string,
  nameZh: string,
  icon: string,
  types: CatalogueDirectory['types'],
  pages: CataloguePage[],
): CatalogueDirectory => ({ path, name, nameZh, icon, types, pages });

/**
 * The menu tree seeded on an empty database: every view key of DESIGN §6, its permission
 * strings and the roles that get it. The administrator role holds everything and is not listed.
 */
export const MENU_CATALOGUE: CatalogueDirectory[] = [
  directory('system', 'System', '系统管理', 'setting', 0, [
    adminPage('system/user', 'Users', '用户管理', 'user', 'system:user', [
      button('system:user:resetPwd', 'Reset password', '重置密码'),
    ]),
    adminPage('system/role', 'Roles', '角色管理', 'peoples', 'system:role'),
    adminPage('system/menu', 'Menus', '菜单管理', 'tree-table', 'system:menu'),
    adminPage('system/dept', 'Departments', '部门管理', 'tree', 'system:dept'),
    adminPage('system/config', 'Parameters', '参数设置', 'edit', 'system:config', [
      // Dictionaries are edited on the parameters page (the spec has no view of their own).
      ...crud('system:dict').map((b) => ({ ...b, name: `Dictionary: ${b.name}`, nameZh: `字典${b.nameZh}` })),
    ]),
    adminPage('system/notice', 'Notices', '通知公告', 'message', 'system:notice'),
  ]),
  directory('manager', 'Platform', '平台管理', 'component', 0, [
    adminPage('manager/user', 'Supplier accounts', '供应商账号', 'peoples', 'manager:user', [
      button('manager:user:blacklist', 'Blacklist', '拉黑'),
    ]),
    adminPage('manager/auser', 'Employee accounts', '员工账号', 'user', 'manager:auser'),
    adminPage('manager/arole', 'Employee roles', '员工角色', 'peoples', 'manager:arole'),
    adminPage('manager/menu', 'Menu settings', '菜单设置', 'tree-table', 'manager:menu'),
  ]),
  directory('basic', 'Master data', '基础数据', 'dict', 0, [
    adminPage('manager/itemtype', 'Project types', '项目类型', 'list', 'basic:itemtype'),
    adminPage('manager/subcate', 'Sub-categories', '项目子类', 'list', 'basic:subcate'),
    adminPage('manager/itemplace', 'Places', '项目地点', 'international', 'basic:itemplace'),
    adminPage('manager/departcate', 'Owner categories', '业主类别', 'tree', 'basic:departcate'),
    adminPage('manager/itemprocess', 'Process settings', '流程设置', 'guide', 'basic:itemprocess'),
  ]),
  directory('base', 'Settings and logs', '运维管理', 'monitor', 0, [
    adminPage('base/parameter', 'Business parameters', '业务参数', 'money', 'base:parameter'),
    page('base/log', 'Logs', '日志管理', 'log', [], 'base:log', readOnly),
  ]),
  directory('people', 'People', '人员管理', 'people', 0, [
    adminPage('bidperson/adminuser', 'Platform staff', '平台人员', 'user', 'people:staff'),
    adminPage('bidperson/auditperson', 'Auditors', '审核人员', 'user', 'people:auditor'),
    adminPage('bidperson/jjperson', 'Supervisors', '监督人员', 'eye-open', 'people:supervisor'),
    adminPage('bidperson/yezhu', 'Owners', '业主管理', 'build', 'people:owner'),
  ]),
  directory('item', 'Projects', '项目管理', 'documentation', 0, [
    page('item/project', 'My projects', '项目发布', 'edit', [owner], 'project:item', [
      ...crud('project:item'),
      button('project:item:submit', 'Submit', '提交审核'),
      button('project:item:cancel', 'Cancel', '撤销'),
      button('project:item:reissue', 'Re-issue', '重新发布'),
    ]),
    page('item/nocheck', 'Awaiting audit', '待审核项目', 'time', [auditor], 'project:pending', [
      button('project:item:audit', 'Audit', '审核'),
    ]),
    page('item/cxitem', 'Project query', '项目查询', 'search', ALL_STAFF, 'project:query', readOnly),
  ]),
  directory('audit', 'Audit', '审核管理', 'checkbox', 0, [
    page('manager/itemaudit', 'Project audit', '项目审核', 'checkbox', [auditor], 'audit:project', approveReject),
    page('manager/proaudit', 'Result audit', '结果审核', 'checkbox', [auditor], 'audit:result', approveReject),
  ]),
  directory('bidmanager', 'Applications', '投标管理', 'form', 0, [
    page('bidmanager/bidapply', 'Applications', '报名管理', 'form', [owner, auditor], 'bid:apply', [
      ...readOnly('bid:apply'),
      // The beneficiary claims on the letter an application holds.
      button('bid:apply:claim', 'Claim on a guarantee', '保函索赔', [owner]),
    ]),
    page('bidmanager/bidcheck', 'Qualification check', '资格审查', 'checkbox', [owner, auditor], 'bid:check', [
      ...approveReject('bid:check'),
    ]),
    page('bidmanager/bidres', 'Selection results', '中选结果', 'star', [owner, auditor, supervisor], 'bid:result', [
      ...readOnly('bid:result'),
    ]),
    page('bidmanager/bidys', 'Acceptance', '项目验收', 'validCode', [owner], 'bid:acceptance', [
      button('bid:acceptance:query', 'Query', '查询'),
      button('bid:acceptance:add', 'Record acceptance', '验收登记'),
      button('bid:acceptance:export', 'Export', '导出'),
    ]),
  ]),
  directory('mandraw', 'Selection', '选取管理', 'skill', 0, [
    page('mandraw/draw', 'Pool draws', '随机抽取', 'skill', [owner, supervisor], 'selection:draw', [
      button('selection:draw:schedule', 'Schedule', '安排抽取', [owner]),
      button('selection:draw:witness', 'Witness', '监督抽取', [supervisor]),
    ]),
    page('mandraw/opening', 'Bid openings', '开标', 'unlock', [owner, supervisor], 'selection:opening', [
      button('selection:opening:open', 'Open', '开标'),
    ]),
    page('mandraw/score', 'Best-value scoring', '综合评分', 'rate', [owner, expert], 'selection:score', [
      button('selection:score:edit', 'Score', '评分'),
    ]),
    page('mandraw/audit', 'Result review', '结果复核', 'checkbox', [auditor], 'selection:audit', [
      button('selection:audit:approve', 'Approve', '通过'),
    ]),
    page('mandraw/confirmsign', 'Confirm and sign', '确认签章', 'edit', [owner], 'selection:confirm', [
      button('selection:confirm:sign', 'Confirm', '确认'),
    ]),
    page('mandraw/improve', 'Contract data', '合同完善', 'documentation', [owner], 'selection:contract', [
      button('selection:contract:query', 'Query', '查询'),
      button('selection:contract:add', 'Record contract', '完善合同'),
      button('selection:contract:export', 'Export', '导出'),
    ]),
    page('mandraw/fee', 'Service fees', '服务费缴纳', 'money', [owner, finance], 'selection:fee', [
      button('selection:fee:confirm', 'Confirm payment', '确认到账', [finance]),
    ]),
    page(
      'mandraw/result',
      'Results',
      '结果管理',
      'star',
      [owner, auditor],
      'selection:result',
      readOnly('selection:result'),
    ),
    // Approval publishes a result; this page follows what is in publicity and awarded.
    page('mandraw/resultpub', 'Result publishing', '结果公示', 'message', [owner, auditor], 'selection:publish', []),
    page('mandraw/notice', 'Project notices', '项目公告', 'message', [owner, auditor], 'selection:notice', [
      button('selection:notice:query', 'Query', '查询'),
      button('selection:notice:add', 'Publish', '发布', [owner]),
    ]),
  ]),
  directory('pool', 'Contractor pool', '承包商库', 'tree', 0, [
    adminPage('marwsup/cbsman', 'Pool members', '承包商管理', 'peoples', 'pool:member', [
      // The expert pool is the page's second tab.
      button('pool:expert:list', 'Experts', '专家库'),
      ...crud('pool:expert'),
    ]),
    page('marwsup/cbsselected', 'Draw history', '抽取记录', 'list', [supervisor], 'pool:drawn', readOnly),
    page('marwsup/datatb', 'Import and export', '数据导入导出', 'upload', [], 'pool:data', [
      button('pool:data:import', 'Import', '导入'),
      button('pool:data:export', 'Export', '导出'),
    ]),
    page('marwsup/fixpub', 'Pool publicity', '入库公示', 'message', [auditor], 'pool:publicity', crud),
  ]),
  directory('guarantee', 'Guarantees', '保函管理', 'shopping', 0, [
    page('manager/product', 'Products', '保函产品', 'shopping', [guarantor], 'guarantee:product', crud),
    // The spec serves this view at "order", not at the last part of its key.
    {
      ...page('order/index', 'Orders', '保函订单', 'list', [guarantor, finance], 'guarantee:order', [
        button('guarantee:order:underwrite', 'Underwrite', '审核出函', [guarantor]),
        button('guarantee:order:payment', 'Confirm payment', '确认收款', [finance]),
        button('guarantee:order:export', 'Export', '导出'),
      ]),
      path: 'order',
    },
    page('manager/gl', 'Issued letters', '已出保函', 'documentation', [guarantor, finance], 'guarantee:letter', [
      ...readOnly('guarantee:letter'),
      button('guarantee:letter:claim', 'Settle claims', '理赔处理', [guarantor]),
    ]),
  ]),
  directory('seach', 'Statistics', '查询统计', 'chart', 0, [
    page('seach/bidsc', 'Project progress', '项目进度', 'chart', ALL_STAFF, 'stats:progress', readOnly),
    page('seach/bidhistory', 'Bid records', '投标记录', 'list', [owner, auditor, supervisor], 'stats:bids', readOnly),
  ]),
  // The supplier side (login type 1).
  directory('web', 'Trading', '交易大厅', 'shopping', 1, [
    page('web/hall', 'Project hall', '项目大厅', 'shopping', [supplier], 'web:hall', [
      button('web:hall:apply', 'Apply', '报名'),
    ]),
    page('web/project', 'My applications', '我的项目', 'documentation', [supplier], 'web:project', [
      button('web:project:withdraw', 'Withdraw', '撤回'),
    ]),
    page('web/bidding1', 'Pool draws', '随机抽取项目', 'skill', [supplier], 'web:bidding1', [
      button('web:bidding1:confirm', 'Confirm', '确认参与'),
    ]),
    page('web/bidding2', 'Price competition', '竞价项目', 'money', [supplier], 'web:bidding2', [
      button('web:bidding2:bid', 'Submit bid', '提交报价'),
    ]),
    page('web/bidding3', 'Best-value bids', '综合评审项目', 'rate', [supplier], 'web:bidding3', [
      button('web:bidding3:bid', 'Submit bid', '提交投标'),
    ]),
  ]),
  directory('mine', 'Supplier centre', '供应商中心', 'build', 1, [
    page('web/company', 'Company record', '企业信息', 'build', [supplier], 'web:company', [
      button('web:company:edit', 'Edit', '修改'),
    ]),
    page('sup/supItem', 'Followed projects', '关注项目', 'star', [supplier], 'supplier:follow', []),
    page('sup/supPub', 'My notices', '消息通知', 'message', [supplier], 'supplier:notice', []),
  ]),
  directory('orders', 'Guarantees', '电子保函', 'money', 1, [
    page('web/order', 'Guarantee orders', '保函订单', 'shopping', [supplier], 'web:order', [
      button('web:order:add', 'Apply', '申请保函'),
      button('web:order:cancel', 'Cancel', '取消'),
    ]),
    page('order/myguarantee', 'My guarantees', '我的保函', 'documentation', [supplier], 'web:guarantee', [
      button('web:guarantee:download', 'Download', '下载'),
    ]),
  ]),
];
