import { DownloadOutlined, FileProtectOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredFileLinks } from '@/shared/components/after-award';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { Facts } from '@/shared/components/facts';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import {
  applicationGuaranteeQuery,
  downloadApplicationLetter,
  type ApplicationDetail,
  type ApplicationGuarantee,
  type GuaranteeClaim,
} from '../api/applications';
import { ClaimDialog } from './claim-dialog';

/** The claims on the application's letter, each a small card of its facts. */
function GuaranteeClaims({ claims }: { claims: readonly GuaranteeClaim[] }) {
  const { t } = useTranslation();
  const statuses = useDict('claim_status');
  if (claims.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applications.guarantee.noClaims')} />;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      {claims.map((c) => (
        <Card key={c.id} size="small" type="inner" title={c.claimNo} data-testid={`application-claim-${c.id}`}>
          <Facts
            items={[
              { key: 'amount', label: t('applications.guarantee.claim.amount'), children: formatYuan(c.amountFen) },
              {
                key: 'status',
                label: t('applications.field.status'),
                children: <DictTag options={statuses.data} value={c.status} />,
              },
              { key: 'reason', label: t('applications.guarantee.claim.reason'), children: c.reason },
              ...(c.statusReason
                ? [{ key: 'decision', label: t('applications.guarantee.decision'), children: c.statusReason }]
                : []),
              {
                key: 'files',
                label: t('applications.guarantee.claim.files'),
                children: <StoredFileLinks files={c.files} names={c.fileNames} />,
              },
              { key: 'filedAt', label: t('applications.guarantee.filedAt'), children: formatTime(c.createdAt) },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}

/** A platform letter's facts: status, amount, validity, issue time, the PDF and the claims. */
function VerifiedLetter({ applicationId, g }: { applicationId: number; g: ApplicationGuarantee }) {
  const { t } = useTranslation();
  const statuses = useDict('order_status');
  const [claiming, setClaiming] = useState(false);
  const claimable = g.status === 'issued' && g.amountFen !== null && !g.claims.some((c) => c.status === 'filed');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Facts
        testId="application-guarantee-facts"
        items={[
          { key: 'letterNo', label: t('applications.guarantee.letterNo'), children: g.letterNo },
          {
            key: 'status',
            label: t('applications.field.status'),
            children: <DictTag options={statuses.data} value={g.status} />,
          },
          {
            key: 'amount',
            label: t('applications.guarantee.amount'),
            children: g.amountFen === null ? t('common.notSet') : formatYuan(g.amountFen),
          },
          {
            key: 'validity',
            label: t('applications.guarantee.validity'),
            children:
              g.validFrom && g.validTo
                ? t('applications.guarantee.validityValue', { from: g.validFrom, to: g.validTo })
                : t('common.notSet'),
          },
          { key: 'issuedAt', label: t('applications.guarantee.issuedAt'), children: formatTime(g.issuedAt) },
        ]}
      />
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadApplicationLetter(applicationId, g.letterNo)}>
          {t('applications.guarantee.download')}
        </Button>
        {claimable ? (
          <Authorized permissions={[Perm.bid.apply.claim]}>
            <Button danger icon={<FileProtectOutlined />} onClick={() => setClaiming(true)}>
              {t('applications.guarantee.claimAction')}
            </Button>
          </Authorized>
        ) : null}
      </Space>
      <div>
        <Typography.Title level={5}>{t('applications.guarantee.claims')}</Typography.Title>
        <GuaranteeClaims claims={g.claims} />
      </div>
      {claiming && g.amountFen !== null ? (
        <ClaimDialog
          applicationId={applicationId}
          letterNo={g.letterNo}
          letterAmountFen={g.amountFen}
          onClose={() => setClaiming(false)}
        />
      ) : null}
    </Space>
  );
}

/**
 * The bid guarantee the application holds, for the owner's check: a letter the platform issued
 * (verified: its facts, its PDF, the claims on it and the owner's claim) or a number given for a
 * letter from elsewhere, to be checked with its issuer. Without a letter, a project that requires
 * one says that qualifying waits for it.
 */
export function GuaranteeCard({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation();
  const guarantee = useQuery(applicationGuaranteeQuery(application.id));
  const g = guarantee.data;
  const body = () => {
    if (guarantee.isPending) return <Skeleton active />;
    if (guarantee.isError)
      return <Alert type="warning" showIcon title={t('common.loadFailed')} description={guarantee.error.message} />;
    if (!g) {
      return application.guaranteeRequired ? (
        <Alert type="warning" showIcon title={t('applications.guarantee.missing')} data-testid="guarantee-missing" />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applications.guarantee.none')} />
      );
    }
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong data-testid="guarantee-letter-no">
            {g.letterNo}
          </Typography.Text>
          {g.verified ? (
            <Tag color="green" data-testid="guarantee-verified">
              {t('applications.guarantee.verified')}
            </Tag>
          ) : (
            <Tag color="orange" data-testid="guarantee-unverified">
              {t('applications.guarantee.unverified')}
            </Tag>
          )}
        </Space>
        {g.verified ? <VerifiedLetter applicationId={application.id} g={g} /> : null}
      </Space>
    );
  };
  return (
    <Card size="small" title={t('applications.guarantee.title')} data-testid="application-guarantee">
      {body()}
    </Card>
  );
}
