import type { Option } from '@grain/shared';
import { useTranslation } from 'react-i18next';
import { YesNoSelect } from '../../../components/form/yes-no-select';
import type { FilterValues } from '../../../components/list/list-state';
import { DateFilter, FreightFilter, NumberFilter, OptionsFilter } from './filter-fields';

/** spec/1 List filters of the purchase table: quality, certificate, FOR, GMP, freight, ranges and receipt dates. */
export function PurchaseFilterFields({
  draft,
  setDraft,
  qualities,
}: {
  draft: FilterValues;
  setDraft: (change: FilterValues) => void;
  qualities: Option[];
}) {
  const { t } = useTranslation();
  const field = { draft, setDraft };
  return (
    <>
      <OptionsFilter label={t('allocations.qualities')} name="rawMaterialQualityId" options={qualities} {...field} />
      <YesNoSelect label={t('allocations.cert')} value={draft.isCert} onChange={(isCert) => setDraft({ isCert })} />
      <YesNoSelect label={t('allocations.isFor')} value={draft.isFor} onChange={(isFor) => setDraft({ isFor })} />
      <YesNoSelect label={t('allocations.gmp')} value={draft.isGmp} onChange={(isGmp) => setDraft({ isGmp })} />
      <FreightFilter label={t('allocations.freight')} name="freight" {...field} />
      <NumberFilter label={t('allocations.quantityFrom')} name="cargoQuantityFrom" decimals={3} {...field} />
      <NumberFilter label={t('allocations.quantityTo')} name="cargoQuantityTo" decimals={3} {...field} />
      <NumberFilter label={t('allocations.priceFrom')} name="priceFrom" decimals={2} {...field} />
      <NumberFilter label={t('allocations.priceTo')} name="priceTo" decimals={2} {...field} />
      <DateFilter label={t('allocations.receiptFrom')} name="dateOfReceiptFrom" {...field} />
      <DateFilter label={t('allocations.receiptTo')} name="dateOfReceiptTo" {...field} />
    </>
  );
}
