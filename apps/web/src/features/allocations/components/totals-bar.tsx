import type { ToAssignTotals } from '@grain/shared';
import { useTranslation } from 'react-i18next';
import { TotalsBar as ListTotalsBar } from '../../../components/list/totals-bar';
import { formatTonnes } from '../../../lib/format';

/**
 * spec/1 Allocations page totals bar: sums over every filtered pair, in tonnes. `totals` null: more pairs match than
 * the server sums; undefined: not fetched yet (dashes).
 */
export function TotalsBar({ totals }: { totals: ToAssignTotals | null | undefined }) {
  const { t } = useTranslation();
  if (totals === null) return <ListTotalsBar label={t('allocations.totals')} items={null} />;
  return (
    <ListTotalsBar
      label={t('allocations.totals')}
      items={[
        { label: t('allocations.sumToDeliver'), value: formatTonnes(totals?.sumToDeliver), testId: 'sum-to-deliver' },
        {
          label: t('allocations.sumInDelivery'),
          value: formatTonnes(totals?.sumInDelivery),
          note: totals ? t('allocations.transportCount', { count: totals.sumInDeliveryTransportCount }) : undefined,
          testId: 'sum-in-delivery',
        },
        { label: t('allocations.sumDelivered'), value: formatTonnes(totals?.sumDelivered), testId: 'sum-delivered' },
      ]}
    />
  );
}
