import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, type ChartDatum } from '@/shared/components/bar-chart';
import { dictLabel, useDict } from '@/shared/lib/dict';
import { localName } from '@/shared/lib/format';
import type { Dashboard } from '../api/stats';

/**
 * The employee's charts on the admin home: projects by status, type, region and month, the
 * awards, and the guarantees for those who may see them. Loaded lazily with the home (visx comes
 * with this chunk only).
 */

/** `2026-05` as `May 2026` / `2026年5月`, and shorter for an axis: `May` / `5月`. */
function monthLabels(month: string, language: string): { label: string; short: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year!, monthNumber! - 1, 1));
  const locale = language === 'zh-CN' ? 'zh-CN' : 'en-US';
  return {
    label: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(date),
    short: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' }).format(date),
  };
}

/** Fen in capital numerals; a negative amount (savings below budget) with 负 before it. */
export function amountInWords(fen: number): string {
  return fen < 0 ? `负${fenToChineseCapital(-fen)}` : fenToChineseCapital(fen);
}

/** A yuan amount for an axis: `¥1.2M` / `¥120万`. */
function compactYuan(language: string) {
  const format = new Intl.NumberFormat(language === 'zh-CN' ? 'zh-CN' : 'en-US', {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (fen: number) => `¥${format.format(fen / 100)}`;
}

const count = (value: number) => value.toLocaleString('en-US');

/** An amount as a figure, its capital numerals shown on hover and on focus. */
function MoneyStatistic({ title, fen, testId }: { title: string; fen: number; testId: string }) {
  const { t } = useTranslation();
  const words = amountInWords(fen);
  return (
    <Statistic
      title={title}
      value={formatYuan(fen)}
      valueRender={(node) => (
        <Tooltip
          title={<span lang="zh-CN">{t('adminHome.charts.inWords', { words })}</span>}
          trigger={['hover', 'focus']}
        >
          <span tabIndex={0} className="admin-home-money" data-testid={testId} data-words={words}>
            {node}
          </span>
        </Tooltip>
      )}
    />
  );
}

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="page-card admin-home-chart" title={title} data-testid={testId}>
      {children}
    </Card>
  );
}

export default function DashboardCharts({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const statuses = useDict('project_status');
  const kinds = useDict('guarantee_kind');
  const dictText = (options: typeof statuses.data, value: string) => {
    const option = options?.find((o) => o.dictValue === value);
    return option ? dictLabel(option, language) : value;
  };
  const monthDatum = (month: string, values: number[]): ChartDatum => ({
    key: month,
    ...monthLabels(month, language),
    values,
  });
  const yuanAxis = compactYuan(language);
  const { projects, awards, guarantees } = data;

  return (
    <Row gutter={[16, 16]} data-testid="home-charts">
      <Col xs={24} xl={12}>
        <ChartCard title={t('adminHome.charts.byStatus')} testId="chart-by-status">
          <BarChart
            title={t('adminHome.charts.byStatus')}
            categoryLabel={t('adminHome.charts.status')}
            series={[t('adminHome.charts.count')]}
            orientation="horizontal"
            format={count}
            data={projects.byStatus
              .filter((s) => s.count > 0)
              .map((s) => ({ key: s.status, label: dictText(statuses.data, s.status), values: [s.count] }))}
          />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('adminHome.charts.byMonth')} testId="chart-by-month">
          <BarChart
            title={t('adminHome.charts.byMonth')}
            categoryLabel={t('adminHome.charts.month')}
            series={[t('adminHome.charts.published'), t('adminHome.charts.awarded')]}
            format={count}
            data={projects.byMonth.map((m) => monthDatum(m.month, [m.published, m.awarded]))}
          />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('adminHome.charts.byType')} testId="chart-by-type">
          <BarChart
            title={t('adminHome.charts.byType')}
            categoryLabel={t('adminHome.charts.type')}
            series={[t('adminHome.charts.count')]}
            orientation="horizontal"
            format={count}
            data={projects.byType.map((x) => ({
              key: String(x.typeId),
              label: localName(language, x.name, x.nameZh),
              values: [x.count],
            }))}
          />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('adminHome.charts.byPlace')} testId="chart-by-place">
          <BarChart
            title={t('adminHome.charts.byPlace')}
            categoryLabel={t('adminHome.charts.place')}
            series={[t('adminHome.charts.count')]}
            orientation="horizontal"
            format={count}
            data={projects.byPlace.map((x) => ({
              key: String(x.placeId),
              label: localName(language, x.name, x.nameZh),
              values: [x.count],
            }))}
          />
        </ChartCard>
      </Col>
      <Col xs={24}>
        <ChartCard title={t('adminHome.charts.awards')} testId="home-awards">
          <Row gutter={[16, 16]} className="admin-home-figures">
            <Col xs={12} md={6}>
              <Statistic title={t('adminHome.charts.awardCount')} value={awards.count} />
            </Col>
            <Col xs={12} md={6}>
              <MoneyStatistic title={t('adminHome.charts.budget')} fen={awards.budget} testId="award-budget" />
            </Col>
            <Col xs={12} md={6}>
              <MoneyStatistic title={t('adminHome.charts.awardedAmount')} fen={awards.awarded} testId="award-awarded" />
            </Col>
            <Col xs={12} md={6}>
              <MoneyStatistic title={t('adminHome.charts.savings')} fen={awards.savings} testId="award-savings" />
            </Col>
          </Row>
          <h3 className="admin-home-chart__subtitle">{t('adminHome.charts.awardsByMonth')}</h3>
          <BarChart
            testId="chart-awards-by-month"
            title={t('adminHome.charts.awardsByMonth')}
            categoryLabel={t('adminHome.charts.month')}
            series={[t('adminHome.charts.budget'), t('adminHome.charts.awardedAmount')]}
            format={formatYuan}
            axisFormat={yuanAxis}
            data={awards.byMonth.map((m) => monthDatum(m.month, [m.budget, m.awarded]))}
          />
        </ChartCard>
      </Col>
      {guarantees ? (
        <>
          <Col xs={24} xl={12}>
            <ChartCard title={t('adminHome.charts.premiumsByMonth')} testId="home-guarantees">
              <BarChart
                testId="chart-premiums"
                title={t('adminHome.charts.premiumsByMonth')}
                categoryLabel={t('adminHome.charts.month')}
                series={[t('adminHome.charts.premium')]}
                format={formatYuan}
                axisFormat={yuanAxis}
                data={guarantees.premiumsByMonth.map((m) => monthDatum(m.month, [m.premium]))}
              />
            </ChartCard>
          </Col>
          <Col xs={24} xl={12}>
            <ChartCard title={t('adminHome.charts.lettersByKind')}>
              <BarChart
                testId="chart-letters"
                title={t('adminHome.charts.lettersByKind')}
                categoryLabel={t('adminHome.charts.kind')}
                series={[t('adminHome.charts.letters')]}
                orientation="horizontal"
                format={count}
                data={guarantees.lettersByKind.map((k) => ({
                  key: k.kind,
                  label: dictText(kinds.data, k.kind),
                  values: [k.count],
                }))}
              />
            </ChartCard>
          </Col>
        </>
      ) : null}
    </Row>
  );
}
