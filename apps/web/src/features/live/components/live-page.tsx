import { Model, SEALED_MODELS } from '@lvb/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Skeleton, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LazyResult } from '@/shared/components/lazy-result';
import { isNotParticipant, liveViewQuery, type LiveAnswer } from '../api/live-view';
import { formatClock } from './live-clock';
import { LiveHeader } from './live-header';
import { PoolDraw } from './pool-draw';
import { PresenceCard, WitnessCard } from './presence-card';
import { SealedBids } from './sealed-bids';
import './live-page.css';

/** How long the rows of a record that has just come stay lit. */
const FRESH_MS = 6000;

type Event = 'opened' | 'drawn';

/**
 * What happened while the page was open: the bids opened or the draw made between two answers
 * (not what was already so at the first answer). Answers the event to announce and whether the
 * record has just come.
 */
function useArrivals(answer: LiveAnswer | undefined) {
  const seen = useRef<Record<Event, boolean> | null>(null);
  const [event, setEvent] = useState<Event | null>(null);
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    if (!answer) return;
    const now = { opened: !!answer.view.opening, drawn: !!answer.view.draw?.seed };
    const before = seen.current;
    seen.current = now;
    if (!before) return;
    const happened = now.opened && !before.opened ? 'opened' : now.drawn && !before.drawn ? 'drawn' : null;
    if (happened) {
      setEvent(happened);
      setFresh(true);
    }
  }, [answer]);
  useEffect(() => {
    if (!fresh) return;
    const id = window.setTimeout(() => setFresh(false), FRESH_MS);
    return () => window.clearTimeout(id);
  }, [fresh]);
  return { event, fresh };
}

/**
 * `/live/:id`: a project's draw or opening as it happens, for everyone taking part (the owner's
 * staff, supervisors, the bidders). It reads the server every LIVE_POLL_MS while open, in the
 * background too, which keeps its reader counted present (a supervisor's presence lets the owner
 * open the bids).
 */
export default function LivePage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.id);
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const live = useQuery({ ...liveViewQuery(projectId), enabled: valid });
  const answer = live.data;
  const { event, fresh } = useArrivals(answer);

  if (!valid || (live.isError && !answer)) {
    const missing = !valid || isNotParticipant(live.error);
    return (
      <Card className="page-card" data-testid="live-error">
        <LazyResult
          status={missing ? '404' : 'warning'}
          title={missing ? t('live.notParticipant') : t('live.loadFailed')}
          subTitle={missing ? undefined : live.error?.message}
          extra={
            missing ? null : (
              <Button type="primary" loading={live.isFetching} onClick={() => void live.refetch()}>
                {t('live.retry')}
              </Button>
            )
          }
        />
      </Card>
    );
  }
  if (!answer) {
    return (
      <Card className="page-card" data-testid="live-loading">
        <Skeleton active title paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  }

  const view = answer.view;
  const sealed = (SEALED_MODELS as readonly number[]).includes(view.model);
  return (
    <div className="live-page" data-testid="live-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {live.isRefetchError ? (
          <Alert type="warning" showIcon title={t('live.stale', { time: formatClock(view.now) })} />
        ) : null}
        <LiveHeader answer={answer} />
        {/* Read out when the bids are opened or the draw is made while the page is open. */}
        <div aria-live="polite" role="status" data-testid="live-announcement">
          {event ? (
            <Alert type="success" showIcon title={event === 'opened' ? t('live.sealed.opened') : t('live.draw.made')} />
          ) : null}
        </div>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={16}>
            {sealed ? (
              <SealedBids view={view} fresh={fresh && event === 'opened'} />
            ) : view.model === Model.poolDraw ? (
              <PoolDraw draw={view.draw} />
            ) : null}
          </Col>
          <Col xs={24} lg={8}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <PresenceCard present={view.present} />
              {sealed ? <WitnessCard witnesses={view.witnesses} /> : null}
            </Space>
          </Col>
        </Row>
      </Space>
    </div>
  );
}
