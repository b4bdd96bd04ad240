import type { MenuRoute } from '@lvb/contracts/identity';
import { dictionaryAnswers, type TestDictionaries } from '@/testing/dictionaries';

/** What the admin home's calls answer in its tests. */

export { ok } from '@/testing/dictionaries';

const DICTS: TestDictionaries = {
  project_status: [
    ['published', 'Published', '已发布', 'primary'],
    ['evaluating', 'Evaluating', '评审中', 'info'],
    ['awarded', 'Awarded', '已中选', 'success'],
  ],
  application_status: [
    ['pending_check', 'Pending check', '待审查', 'warning'],
    ['qualified', 'Qualified', '已通过', 'success'],
    ['won', 'Won', '中选', 'success'],
  ],
  order_status: [
    ['submitted', 'Submitted', '已提交', 'primary'],
    ['issued', 'Issued', '已出函', 'success'],
  ],
  guarantee_kind: [['bid', 'Bid', '投标保函', 'primary']],
};

/** A dictionary answer for `/system/dict/data/type/<type>`, or null for any other call. */
export const dictAnswer = dictionaryAnswers(DICTS);

const user = {
  logUid: 'u1',
  empId: 1,
  logTel: '13800000000',
  fix: 1,
  roles: ['owner'],
  permissions: ['*:*:*'],
};
export const EMPLOYEE = {
  ...user,
  empName: 'Lin Owner',
  userName: 'owner1',
  types: 0,
  deptId: 4,
  deptName: 'Gulou Works Bureau',
  company: null,
};
export const SUPPLIER = {
  ...user,
  empName: 'Chen Supplier',
  userName: 'supplier1',
  types: 1,
  deptId: null,
  deptName: null,
  company: { compId: 100, compName: 'Minjiang Survey Ltd.' },
};

const entry = (path: string, component: string, title: string, children?: MenuRoute[]): MenuRoute => ({
  name: title,
  path,
  component,
  hidden: false,
  meta: { title, titleZh: title, icon: '', noCache: false, link: null },
  children,
});

/** The supplier's menu as the catalogue seeds it: the pages sit in directories of their own paths. */
export const SUPPLIER_MENUS: MenuRoute[] = [
  entry('/web', 'Layout', 'Trading', [
    entry('project', 'web/project', 'My applications'),
    entry('bidding2', 'web/bidding2', 'Price competition'),
  ]),
  entry('/mine', 'Layout', 'Supplier centre', [entry('supPub', 'sup/supPub', 'My notices')]),
  entry('/orders', 'Layout', 'Guarantees', [entry('order', 'web/order', 'Guarantee orders')]),
];
