import { AGREEMENT_STATUSES, FREIGHTS } from '@grain/shared';
import { MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserOptions } from '../../../app/dictionaries';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { FilterPanel } from '../../../components/list/filter-panel';
import type { FilterValues } from '../../../components/list/list-state';
import { validationText } from '../../../i18n';
import { useQualityOptions } from '../api';
import { filterError, listValue, withoutPanelFilters } from '../list-filter';

interface ContractFilterPanelProps {
  isOpen: boolean;
  value: FilterValues;
  rawMaterialId: number;
  onApply: (filter: FilterValues) => void;
}

const textOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
const numberOf = (value: string | string[] | undefined) => (textOf(value) === '' ? null : Number(textOf(value)));
const toText = (value: number | null) => (value === null ? '' : String(value));

/** spec/1 List filters: every filter of spec/2 "Contract list filter" but the status chips and the tab. */
export function ContractFilterPanel({ isOpen, value, rawMaterialId, onApply }: ContractFilterPanelProps) {
  const { t } = useTranslation();
  const qualities = useQualityOptions(rawMaterialId).data ?? [];
  const users = useUserOptions().data ?? [];
  const yesNo = [
    { value: 'true', label: t('filters.yes') },
    { value: 'false', label: t('filters.no') },
  ];

  return (
    <FilterPanel
      isOpen={isOpen}
      value={value}
      defaults={withoutPanelFilters(value)}
      onApply={onApply}
      validate={(draft) => {
        const error = filterError(draft);
        return error ? validationText(error) : null;
      }}
    >
      {(draft, setDraft) => {
        const number = (key: string, label: string, decimals: number) => (
          <NumberField
            label={label}
            decimals={decimals}
            min={0}
            value={numberOf(draft[key])}
            onChange={(next) => setDraft({ [key]: toText(next) })}
          />
        );
        const flag = (key: string, label: string) => (
          <Select
            label={label}
            placeholder={t('filters.any')}
            clearable
            data={yesNo}
            value={textOf(draft[key]) || null}
            onChange={(next) => setDraft({ [key]: next ?? '' })}
          />
        );
        const date = (key: string, label: string) => (
          <DateInput
            label={label}
            value={textOf(draft[key]) || null}
            onChange={(next) => setDraft({ [key]: next ?? '' })}
          />
        );
        return (
          <>
            <div data-testid="quality-filter">
              <MultiSelect
                label={t('contracts.fields.quality')}
                searchable
                clearable
                nothingFoundMessage={t('common.noOptions')}
                data={qualities.map((quality) => ({ value: String(quality.value), label: quality.label }))}
                value={listValue(draft, 'rawMaterialQualityId')}
                onChange={(next) => setDraft({ rawMaterialQualityId: next })}
              />
            </div>
            {flag('isCert', t('contracts.fields.isCert'))}
            {flag('isFor', t('contracts.fields.isFor'))}
            {flag('isGmp', t('contracts.fields.isGmp'))}
            <Select
              label={t('contracts.fields.freight')}
              placeholder={t('filters.any')}
              clearable
              data={FREIGHTS.map((freight) => ({ value: freight, label: freight }))}
              value={textOf(draft.freight) || null}
              onChange={(next) => setDraft({ freight: next ?? '' })}
            />
            {number('cargoQuantityFrom', t('contracts.filters.quantityFrom'), 3)}
            {number('cargoQuantityTo', t('contracts.filters.quantityTo'), 3)}
            {number('priceFrom', t('contracts.filters.priceFrom'), 2)}
            {number('priceTo', t('contracts.filters.priceTo'), 2)}
            {date('dateOfReceiptFrom', t('contracts.fields.dateOfReceiptFrom'))}
            {date('dateOfReceiptTo', t('contracts.fields.dateOfReceiptTo'))}
            <MultiSelect
              label={t('contracts.fields.agreementStatus')}
              clearable
              data={AGREEMENT_STATUSES.map((status) => ({ value: status, label: t(`status.agreement.${status}`) }))}
              value={listValue(draft, 'agreementStatus')}
              onChange={(next) => setDraft({ agreementStatus: next })}
            />
            <Select
              label={t('contracts.fields.owner')}
              placeholder={t('filters.any')}
              clearable
              searchable
              nothingFoundMessage={t('common.noOptions')}
              data={users.map((user) => ({ value: String(user.value), label: user.label }))}
              value={textOf(draft.ownerId) || null}
              onChange={(next) => setDraft({ ownerId: next ?? '' })}
            />
          </>
        );
      }}
    </FilterPanel>
  );
}
