import {
  formatPricePerTonne,
  fromMinorUnits,
  isPriceNoteRequired,
  listEntryFor,
  priceDeviation,
  supplierKindOf,
  toMinorUnits,
} from '@grain/shared';
import { Alert, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractor } from '../../contractors';
import { usePriceListOfDay } from '../../price-lists';
import type { ContractFormApi } from './form-types';

const percentText = (hundredths: number) => (hundredths / 100).toLocaleString('pl-PL');

/** The supplier's kind and payment term as the price list prices them (chosen contractor or the inline one). */
function useSupplierTerms(form: ContractFormApi, defaultTerm: number) {
  const { counterpartyId, newCounterparty } = form.values;
  const contractor = useContractor(newCounterparty ? null : counterpartyId).data;
  const party = newCounterparty ?? (contractor && contractor.id === counterpartyId ? contractor : null);
  if (!party) return null;
  return {
    supplierKind: supplierKindOf(party.accountingMethod),
    paymentTermDays: party.invoicePaymentTermDays ?? defaultTerm,
  };
}

/**
 * CONTRIBUTING.md Price lists, on the purchase form: on create, today's list price for the main option's quality and
 * the supplier's kind fills an empty price (or one it filled before); a price further from it than the company's limit
 * shows the note field, required then (the shared rule, which the server runs as well). On edit nothing is filled,
 * and only a changed main price or quality is checked, as the server checks it.
 */
export function ListPriceCheck({ form, isCreate }: { form: ContractFormApi; isCreate: boolean }) {
  const { t } = useTranslation();
  const day = usePriceListOfDay(null).data;
  const terms = useSupplierTerms(form, day?.defaultPaymentTermDays ?? 14);
  const { rawMaterialQualityId, price } = form.values.mainCargoOption;
  const entry =
    day && terms && rawMaterialQualityId ? listEntryFor(day.list, { rawMaterialQualityId, ...terms }) : null;
  const prefilled = useRef<number | null>(null);
  const isInPln = form.values.currency === 'PLN';

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list entry prefills (see above)
  useEffect(() => {
    if (!entry || !isInPln || !isCreate) return;
    const current = form.getValues().mainCargoOption.price;
    if (current === null || current === prefilled.current) {
      prefilled.current = fromMinorUnits(entry.price);
      form.setFieldValue('mainCargoOption.price', prefilled.current);
    }
  }, [entry?.id, isInPln]);

  const saved = form.getInitialValues().mainCargoOption;
  const isChecked = isCreate || price !== saved.price || rawMaterialQualityId !== saved.rawMaterialQualityId;
  const isNoteRequired =
    isChecked &&
    !!entry &&
    isInPln &&
    price !== null &&
    isPriceNoteRequired(entry.price, toMinorUnits(price), day!.deviationLimit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flag follows the rule's answer only
  useEffect(() => {
    if (form.getValues().isPriceListNoteRequired !== isNoteRequired) {
      form.setFieldValue('isPriceListNoteRequired', isNoteRequired);
    }
  }, [isNoteRequired]);

  if (!entry || !isInPln) return null;
  const kind = t(`priceLists.supplierKinds.${entry.supplierKind}`);
  return (
    <>
      <Alert color={isNoteRequired ? 'yellow' : 'blue'} variant="light" p="xs" data-testid="list-price">
        <Text fz="sm">
          {t('priceLists.listPrice', { price: formatPricePerTonne(entry.price), kind, days: entry.paymentTermDays })}
        </Text>
        {price !== null && (
          <Text fz="sm">
            {t('priceLists.deviation', { percent: percentText(priceDeviation(entry.price, toMinorUnits(price))) })}
          </Text>
        )}
      </Alert>
      {isNoteRequired && (
        <TextInput
          label={t('priceLists.note')}
          description={t('priceLists.noteHint', { percent: percentText(day!.deviationLimit) })}
          withAsterisk
          {...form.getInputProps('priceListNote')}
        />
      )}
    </>
  );
}
