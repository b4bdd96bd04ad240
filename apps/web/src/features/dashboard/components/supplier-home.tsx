import {
  BellOutlined,
  FileDoneOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { paths } from '@/shared/config/paths';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { supplierHomeQuery, type SupplierHome } from '../api/stats';
import { useViewPaths } from './menu-paths';
import './home.css';

/** The supplier's pages each card leads to, where its menu has them. */
const VIEWS = ['web/project', 'web/bidding2', 'web/bidding3', 'web/order', 'sup/supPub'] as const;

/** A link to one of the supplier's pages, named with the card it stands on; none without the page. */
function PageLink({ to, text, label }: { to: string | undefined; text: string; label?: string }) {
  if (!to) return null;
  return (
    <Link to={to} aria-label={label}>
      {text}
    </Link>
  );
}

function HomeCard({
  title,
  icon,
  extra,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      className="page-card admin-home-card"
      data-testid={testId}
      title={
        <Space>
          {icon}
          {title}
        </Space>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

/** Counts by status, each status as its dictionary tag with the count beside it. */
function StatusCounts({ type, counts }: { type: string; counts: { status: string; count: number }[] }) {
  const dict = useDict(type);
  const shown = counts.filter((c) => c.count > 0);
  if (!shown.length) return null;
  return (
    <Space size={[8, 6]} wrap className="admin-home-card__statuses">
      {shown.map((c) => (
        <span key={c.status} className="admin-home-card__status">
          <DictTag options={dict.data} value={c.status} />
          <strong>{c.count}</strong>
        </span>
      ))}
    </Space>
  );
}

function SupplierCards({ data }: { data: SupplierHome }) {
  const { t } = useTranslation();
  const to = useViewPaths(VIEWS);
  const open = t('adminHome.supplier.open');
  const openLink = (path: string | undefined, title: string) => (
    <PageLink to={path} text={open} label={`${open}: ${title}`} />
  );
  const s = (key: string) => t(`adminHome.supplier.${key}`);
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={8}>
          <HomeCard
            testId="home-applications"
            title={s('applications')}
            icon={<FileDoneOutlined />}
            extra={openLink(to['web/project'], s('applications'))}
          >
            <Statistic title={s('total')} value={data.applications.total} />
            <StatusCounts type="application_status" counts={data.applications.byStatus} />
          </HomeCard>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <HomeCard testId="home-bids" title={s('bids')} icon={<LockOutlined />}>
            <Row gutter={16}>
              <Col span={12}>
                <Statistic title={s('sealed')} value={data.bids.sealed} />
              </Col>
              <Col span={12}>
                <Statistic title={s('submitted')} value={data.bids.submitted} />
              </Col>
            </Row>
            <Space size={16} wrap className="admin-home-card__links">
              <PageLink to={to['web/bidding2']} text={s('priceBids')} />
              <PageLink to={to['web/bidding3']} text={s('bestValue')} />
            </Space>
          </HomeCard>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <HomeCard
            testId="home-results"
            title={s('results')}
            icon={<TrophyOutlined />}
            extra={openLink(to['web/project'], s('results'))}
          >
            <Row gutter={16}>
              <Col span={12}>
                <Statistic title={s('won')} value={data.results.won} />
              </Col>
              <Col span={12}>
                <Statistic title={s('notWon')} value={data.results.notWon} />
              </Col>
            </Row>
          </HomeCard>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <HomeCard
            testId="home-orders"
            title={s('orders')}
            icon={<SafetyCertificateOutlined />}
            extra={openLink(to['web/order'], s('orders'))}
          >
            <Statistic title={s('total')} value={data.orders.total} />
            <StatusCounts type="order_status" counts={data.orders.byStatus} />
          </HomeCard>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <HomeCard
            testId="home-unread"
            title={s('notices')}
            icon={<BellOutlined />}
            extra={openLink(to['sup/supPub'], s('notices'))}
          >
            <Statistic title={s('unread')} value={data.unreadNotices} />
          </HomeCard>
        </Col>
      </Row>
      <Card className="page-card" title={s('upcoming')} data-testid="home-upcoming">
        {data.upcoming.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={s('noUpcoming')} />
        ) : (
          <ul className="admin-home-upcoming">
            {data.upcoming.map((p) => (
              <li key={p.projectId} className="admin-home-upcoming__item">
                <div className="admin-home-upcoming__project">
                  <Link to={`${paths.itemInfo}?id=${p.projectId}`}>{p.projectName}</Link>
                  <span className="muted">{p.projectCode}</span>
                </div>
                <dl className="admin-home-upcoming__times">
                  <div>
                    <dt>{s('bidDeadline')}</dt>
                    <dd>{formatTime(p.bidDeadline)}</dd>
                  </div>
                  <div>
                    <dt>{s('openingAt')}</dt>
                    <dd>{formatTime(p.openingAt)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** A supplier's home: its applications, bids, results, orders, unread notices and next deadlines. */
export function SupplierHomeFigures() {
  const { t } = useTranslation();
  const home = useQuery(supplierHomeQuery());
  if (home.isPending) {
    return (
      <Row gutter={[16, 16]} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} sm={12} xl={8}>
            <Card className="page-card">
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (home.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('adminHome.loadFailed')}
        data-testid="home-figures-failed"
        action={
          <Button size="small" onClick={() => void home.refetch()}>
            {t('adminHome.retry')}
          </Button>
        }
      />
    );
  }
  return <SupplierCards data={home.data} />;
}
