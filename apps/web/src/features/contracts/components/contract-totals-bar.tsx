import type { ContractListTotals } from '@grain/shared';
import { useTranslation } from 'react-i18next';
import { TotalsBar } from '../../../components/list/totals-bar';
import { formatTonnes } from '../../../lib/format';
import type { ContractSide } from '../side';

/** Tonnage sums of every filtered contract (the list answer's total_data), above the contract list. */
export function ContractTotalsBar({ side, totals }: { side: ContractSide; totals: unknown }) {
  const { t } = useTranslation();
  const sums = totals as ContractListTotals | undefined;
  return (
    <TotalsBar
      label={t('contractTotals.label')}
      items={[
        { label: t('contractTotals.quantity'), value: formatTonnes(sums?.sumCargoQuantity), testId: 'sum-quantity' },
        { label: t('contractTotals.allocated'), value: formatTonnes(sums?.sumAllocated), testId: 'sum-allocated' },
        { label: t('contractTotals.inDelivery'), value: formatTonnes(sums?.sumInDelivery), testId: 'sum-in-delivery' },
        { label: t('contractTotals.delivered'), value: formatTonnes(sums?.sumDelivered), testId: 'sum-delivered' },
        {
          label: t(side.kind === 'purchase' ? 'contractTotals.toPickUp' : 'contractTotals.toDeliver'),
          value: formatTonnes(sums?.sumRemaining),
          testId: 'sum-remaining',
        },
      ]}
    />
  );
}
