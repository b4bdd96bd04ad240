/**
 * Every permission string (`module:entity:action`, DESIGN §5): the one list that routes demand,
 * menus grant and the web checks. A menu entry of type F carries one of these; a route names the
 * constant, never a literal. `test/permissions.test.ts` on the server proves that each string here
 * is granted by the seeded menu catalogue and that each route's demand is one of them.
 */
const crud = <P extends string>(p: P) =>
  ({
    list: `${p}:list`,
    query: `${p}:query`,
    add: `${p}:add`,
    edit: `${p}:edit`,
    remove: `${p}:remove`,
    export: `${p}:export`,
  }) as const;

export const Perm = {
  system: {
    user: { ...crud('system:user'), resetPwd: 'system:user:resetPwd' },
    role: { ...crud('system:role') },
    menu: { ...crud('system:menu') },
    dept: { ...crud('system:dept') },
    config: { ...crud('system:config') },
    dict: {
      query: 'system:dict:query',
      add: 'system:dict:add',
      edit: 'system:dict:edit',
      remove: 'system:dict:remove',
      export: 'system:dict:export',
    },
    notice: { ...crud('system:notice') },
  },
  manager: {
    user: { ...crud('manager:user'), blacklist: 'manager:user:blacklist' },
    auser: { ...crud('manager:auser') },
    arole: { ...crud('manager:arole') },
    menu: { ...crud('manager:menu') },
  },
  basic: {
    itemtype: { ...crud('basic:itemtype') },
    subcate: { ...crud('basic:subcate') },
    itemplace: { ...crud('basic:itemplace') },
    departcate: { ...crud('basic:departcate') },
    itemprocess: { ...crud('basic:itemprocess') },
  },
  base: {
    parameter: { ...crud('base:parameter') },
    log: { list: 'base:log:list', query: 'base:log:query', export: 'base:log:export' },
  },
  people: {
    staff: { ...crud('people:staff') },
    auditor: { ...crud('people:auditor') },
    supervisor: { ...crud('people:supervisor') },
    owner: { ...crud('people:owner') },
  },
  project: {
    item: {
      ...crud('project:item'),
      submit: 'project:item:submit',
      cancel: 'project:item:cancel',
      reissue: 'project:item:reissue',
      audit: 'project:item:audit',
    },
    pending: { list: 'project:pending:list' },
    query: { list: 'project:query:list', query: 'project:query:query', export: 'project:query:export' },
  },
  audit: {
    project: { list: 'audit:project:list', approve: 'audit:project:approve', reject: 'audit:project:reject' },
    result: { list: 'audit:result:list', approve: 'audit:result:approve', reject: 'audit:result:reject' },
  },
  bid: {
    apply: { list: 'bid:apply:list', query: 'bid:apply:query', export: 'bid:apply:export', claim: 'bid:apply:claim' },
    check: { list: 'bid:check:list', approve: 'bid:check:approve', reject: 'bid:check:reject' },
    result: { list: 'bid:result:list', query: 'bid:result:query', export: 'bid:result:export' },
    acceptance: {
      list: 'bid:acceptance:list',
      query: 'bid:acceptance:query',
      add: 'bid:acceptance:add',
      export: 'bid:acceptance:export',
    },
  },
  selection: {
    draw: { list: 'selection:draw:list', schedule: 'selection:draw:schedule', witness: 'selection:draw:witness' },
    opening: { list: 'selection:opening:list', open: 'selection:opening:open' },
    score: { list: 'selection:score:list', edit: 'selection:score:edit' },
    audit: { list: 'selection:audit:list', approve: 'selection:audit:approve' },
    confirm: { list: 'selection:confirm:list', sign: 'selection:confirm:sign' },
    contract: {
      list: 'selection:contract:list',
      query: 'selection:contract:query',
      add: 'selection:contract:add',
      export: 'selection:contract:export',
    },
    fee: { list: 'selection:fee:list', confirm: 'selection:fee:confirm' },
    result: { list: 'selection:result:list', query: 'selection:result:query', export: 'selection:result:export' },
    publish: { list: 'selection:publish:list' },
    notice: { list: 'selection:notice:list', query: 'selection:notice:query', add: 'selection:notice:add' },
  },
  pool: {
    member: { ...crud('pool:member') },
    /** The expert pool, a tab of `marwsup/cbsman`: experts from whom best-value panels are drawn. */
    expert: { ...crud('pool:expert') },
    drawn: { list: 'pool:drawn:list', query: 'pool:drawn:query', export: 'pool:drawn:export' },
    data: { list: 'pool:data:list', import: 'pool:data:import', export: 'pool:data:export' },
    publicity: { ...crud('pool:publicity') },
  },
  guarantee: {
    product: { ...crud('guarantee:product') },
    order: {
      list: 'guarantee:order:list',
      underwrite: 'guarantee:order:underwrite',
      payment: 'guarantee:order:payment',
      export: 'guarantee:order:export',
    },
    letter: {
      list: 'guarantee:letter:list',
      query: 'guarantee:letter:query',
      export: 'guarantee:letter:export',
      claim: 'guarantee:letter:claim',
    },
  },
  stats: {
    progress: { list: 'stats:progress:list', query: 'stats:progress:query', export: 'stats:progress:export' },
    bids: { list: 'stats:bids:list', query: 'stats:bids:query', export: 'stats:bids:export' },
  },
  web: {
    hall: { list: 'web:hall:list', apply: 'web:hall:apply' },
    project: { list: 'web:project:list', withdraw: 'web:project:withdraw' },
    bidding1: { list: 'web:bidding1:list', confirm: 'web:bidding1:confirm' },
    bidding2: { list: 'web:bidding2:list', bid: 'web:bidding2:bid' },
    bidding3: { list: 'web:bidding3:list', bid: 'web:bidding3:bid' },
    company: { list: 'web:company:list', edit: 'web:company:edit' },
    order: { list: 'web:order:list', add: 'web:order:add', cancel: 'web:order:cancel' },
    guarantee: { list: 'web:guarantee:list', download: 'web:guarantee:download' },
  },
  supplier: {
    follow: { list: 'supplier:follow:list' },
    notice: { list: 'supplier:notice:list' },
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any permission string of the catalogue. */
export type Permission = Leaves<typeof Perm>;

/** Every permission string, flattened. */
export const ALL_PERMISSION_STRINGS: readonly Permission[] = Object.values(Perm).flatMap((entities) =>
  Object.values(entities).flatMap((actions) => Object.values(actions) as Permission[]),
);
