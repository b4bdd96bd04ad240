import { Model } from '@lvb/contracts/projects';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@lvb/contracts/money';
import { guaranteeMaxFen, type ProjectRules } from '../api/project-rules';

interface ProjectRulesPanelProps {
  /** Whether a type and a model are chosen (the rules depend on both). */
  chosen: boolean;
  model?: number;
  rules?: ProjectRules;
  loading: boolean;
  failed: boolean;
  /** The budget typed so far, when it is a valid amount: the guarantee maximum in yuan. */
  budgetFen?: number;
}

/** The rules of the chosen type and model, shown in the project form before saving. */
export function ProjectRulesPanel({ chosen, model, rules, loading, failed, budgetFen }: ProjectRulesPanelProps) {
  const { t } = useTranslation();
  const r = (key: string, values: Record<string, unknown> = {}) => t(`projects.rules.${key}`, values);
  if (!chosen) return <Alert type="info" showIcon title={r('choose')} style={{ marginBottom: 16 }} />;
  if (failed && !rules) return <Alert type="warning" showIcon title={r('unavailable')} style={{ marginBottom: 16 }} />;
  if (loading || !rules) return <Alert type="info" showIcon title={t('common.loading')} style={{ marginBottom: 16 }} />;
  return (
    <Alert
      type="info"
      showIcon
      title={r('title')}
      style={{ marginBottom: 16 }}
      data-testid="project-rules"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          <li data-testid="value-limit">
            {rules.valueLimitFen === null
              ? r('noValueLimit')
              : r('valueLimit', { limit: formatYuan(rules.valueLimitFen) })}
          </li>
          <li data-testid="signup-days">
            {rules.signupDays === null ? r('noSignupDays') : r('signupDays', { count: rules.signupDays })}
          </li>
          <li data-testid="min-participants">
            {model === Model.poolDraw ? r('participantsPool') : r('minParticipants', { count: rules.minParticipants })}
          </li>
          <li data-testid="guarantee-max">
            {budgetFen === undefined
              ? r('guaranteePercent', { percent: rules.guaranteeMaxPercent })
              : r('guaranteeMax', {
                  percent: rules.guaranteeMaxPercent,
                  most: formatYuan(guaranteeMaxFen(budgetFen, rules)),
                })}
          </li>
        </ul>
      }
    />
  );
}
