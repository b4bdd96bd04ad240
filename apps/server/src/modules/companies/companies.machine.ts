import { COMPANY_STATUS, companyWorkflow, type CompanyEvent } from '@lvb/contracts/company-workflow';
import { text, type Text } from '../../i18n/text.ts';
import { createWorkflowEngine } from '../../lib/workflow.ts';
import { DICTIONARIES } from '../../seed/reference-data.ts';
import { companies } from './companies.table.ts';

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<CompanyEvent, Text> = {
  enable: text('enabled', '启用'),
  disable: text('disabled', '停用'),
  blacklist: text('blacklisted', '列入黑名单'),
  lift_blacklist: text('taken off the blacklist', '解除黑名单'),
};

/** The statuses as the `company_status` dictionary names them (0 active, 1 disabled, 2 blacklisted). */
const STATUS_NAME = new Map(
  DICTIONARIES.find((d) => d.type === 'company_status')!.entries.map(([value, en, zh]) => [
    value,
    text(en.toLowerCase(), zh),
  ]),
);

/**
 * "A company that is disabled cannot be disabled", naming the status in both languages; a
 * blacklisted company is switched on or off only after its blacklisting is lifted, and says so.
 */
function refusal(status: string, event: CompanyEvent): Text {
  const name = STATUS_NAME.get(status) ?? text(status, status);
  const base = text(
    `a company that is ${name.en} cannot be ${PAST[event].en}`,
    `状态为“${name.zh}”的企业不能${PAST[event].zh}`,
  );
  if (status === COMPANY_STATUS.blacklisted && (event === 'enable' || event === 'disable'))
    return text(`${base.en}: lift the blacklisting first`, `${base.zh}，请先解除黑名单`);
  return base;
}

/**
 * The company workflow of packages/contracts on the shared engine (manager/user). Every change of
 * a company's standing goes through `fire`: the status is read under the row's lock and written
 * by one conditional UPDATE with its audit row, so two administrators acting at once cannot both
 * pass a check made before the other's write. Disable and blacklist keep their reason in
 * `status_reason`; enable and lift clear it. Ending the company's sessions follows the commit
 * (companies.service.ts).
 */
export function createCompanyMachine() {
  return createWorkflowEngine({
    workflow: companyWorkflow,
    table: companies,
    reasonColumn: 'statusReason',
    refusal,
    changedMeanwhile: text('the company changed meanwhile: reload it and try again', '企业已被他人修改，请刷新后重试'),
    rules: {
      enable: { set: () => ({ statusReason: null }) },
      lift_blacklist: { set: () => ({ statusReason: null }) },
    },
  });
}
export type CompanyMachine = ReturnType<typeof createCompanyMachine>;
