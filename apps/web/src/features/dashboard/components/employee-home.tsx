import { CheckCircleOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardQuery, type Dashboard } from '../api/stats';
import './home.css';

/** The charts bring visx: their own chunk, loaded once the home has its figures. */
const loadCharts = () => import('./dashboard-charts');

/** Shows `failed` instead of its children when they throw (the charts' chunk could not be downloaded). */
class ChartsBoundary extends Component<{ failed: ReactNode; children: ReactNode }, { error: boolean }> {
  override state = { error: false };
  static getDerivedStateFromError() {
    return { error: true };
  }
  override render() {
    return this.state.error ? this.props.failed : this.props.children;
  }
}

/** What waits for the employee, each kind with its count and a link to the page that handles it. */
export function WaitingCard({ waiting }: { waiting: Dashboard['waiting'] }) {
  const { t } = useTranslation();
  const items = waiting.filter((w) => w.count > 0);
  return (
    <Card className="page-card" title={t('adminHome.waiting.title')} data-testid="home-waiting">
      {items.length === 0 ? (
        <Empty
          image={<CheckCircleOutlined className="admin-home-waiting__done" aria-hidden="true" />}
          styles={{ image: { height: 'auto' } }}
          description={t('adminHome.waiting.empty')}
        />
      ) : (
        <ul className="admin-home-waiting">
          {items.map((item) => (
            <li key={item.kind}>
              <Link to={item.path} className="admin-home-waiting__item" data-testid={`waiting-${item.kind}`}>
                <span className="admin-home-waiting__count">{item.count}</span>
                <span className="admin-home-waiting__label">{t(`adminHome.waiting.kinds.${item.kind}`)}</span>
                <RightOutlined aria-hidden="true" className="admin-home-waiting__arrow" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ChartsSkeleton() {
  return (
    <Row gutter={[16, 16]} aria-busy="true">
      {[0, 1].map((i) => (
        <Col key={i} xs={24} xl={12}>
          <Card className="page-card">
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** An employee's figures on the admin home: what waits for them, then the charts. */
export function EmployeeHome() {
  const { t } = useTranslation();
  const figures = useQuery(dashboardQuery());
  // A new attempt loads the chunk anew (React keeps a lazy component's failure).
  const [attempt, setAttempt] = useState(0);
  const DashboardCharts = useMemo(() => lazy(loadCharts), [attempt]);
  if (figures.isPending) {
    return (
      <>
        <Card className="page-card" title={t('adminHome.waiting.title')} aria-busy="true">
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </Card>
        <ChartsSkeleton />
      </>
    );
  }
  const failure = (retry: () => void) => (
    <Alert
      type="error"
      showIcon
      title={t('adminHome.loadFailed')}
      data-testid="home-figures-failed"
      action={
        <Button size="small" onClick={retry}>
          {t('adminHome.retry')}
        </Button>
      }
    />
  );
  if (figures.isError) return failure(() => void figures.refetch());
  return (
    <>
      <WaitingCard waiting={figures.data.waiting} />
      <ChartsBoundary key={attempt} failed={failure(() => setAttempt((n) => n + 1))}>
        <Suspense fallback={<ChartsSkeleton />}>
          <DashboardCharts data={figures.data} />
        </Suspense>
      </ChartsBoundary>
    </>
  );
}
