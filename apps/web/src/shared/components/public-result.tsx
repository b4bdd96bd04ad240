import { formatYuan } from '@lvb/contracts/money';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useResultFacts, type PublicResult } from './result-facts';
import './public-result.css';

/**
 * A project's result for anyone (`/iteminfo`, the supplier's result panel): the winner, amount and
 * publicity, the ranking, and the SHA-256 of the owner's signed result. Plain HTML: no antd.
 */
export function PublicResultView({ result }: { result: PublicResult }) {
  const { t } = useTranslation();
  const facts = useResultFacts()(result);
  const withTotal = result.ranking.some((line) => line.total !== null);
  return (
    <div className="pr-result" data-testid="public-result">
      <dl className="pr-facts">
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {result.ranking.length > 0 ? (
        <div className="pr-ranking">
          <table>
            <caption>{t('publicResults.ranking.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('publicResults.ranking.rank')}</th>
                <th scope="col">{t('publicResults.ranking.company')}</th>
                <th scope="col" className="pr-num">
                  {t('publicResults.ranking.price')}
                </th>
                {withTotal ? (
                  <th scope="col" className="pr-num">
                    {t('publicResults.ranking.total')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {result.ranking.map((line) => (
                <tr key={line.rank} className={line.companyName === result.winnerName ? 'pr-winner' : undefined}>
                  <td>{line.rank}</td>
                  <td>{line.companyName}</td>
                  <td className="pr-num">{formatYuan(line.priceFen)}</td>
                  {withTotal ? <td className="pr-num">{line.total ?? ''}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.hash ? (
        <p className="pr-hash">
          {t('publicResults.hash')}: <code>{result.hash}</code>
        </p>
      ) : null}
    </div>
  );
}
