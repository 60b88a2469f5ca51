import { CURRENCIES, MAX_ADDITIONAL_CARGO_OPTIONS } from '@grain/shared';
import { Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCargoTabs } from '../../../app/dictionaries';
import { AddEntryButton, EntryCard } from '../../../components/form/entry-card';
import { NumberField } from '../../../components/form/number-input';
import { useQualityOptions } from '../api';
import { emptyPriceOption } from '../form-values';
import type { ContractSide } from '../side';
import { type ContractFormApi, valueInputProps } from './form-types';
import { ListPriceCheck } from './list-price-check';
import { PriceOptionFields } from './price-option-fields';

/** Raw material, quantity (t), currency, minimum price (purchase), the main option and up to 10 additional ones. */
export function CargoSection({
  side,
  form,
  isCreate = false,
}: {
  side: ContractSide;
  form: ContractFormApi;
  isCreate?: boolean;
}) {
  const { t } = useTranslation();
  const rawMaterials = useCargoTabs();
  const qualities = useQualityOptions(form.values.rawMaterialId).data ?? [];
  const { currency, additionalCargoOption } = form.values;

  // Qualities belong to one raw material: another raw material clears every option's quality.
  const changeRawMaterial = (id: number | null) => {
    const values = form.getValues();
    form.setValues({
      rawMaterialId: id,
      mainCargoOption: { ...values.mainCargoOption, rawMaterialQualityId: null },
      additionalCargoOption: values.additionalCargoOption.map((option) => ({ ...option, rawMaterialQualityId: null })),
    });
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select<number>
          label={t('contracts.fields.rawMaterial')}
          withAsterisk
          allowDeselect={false}
          data={(rawMaterials.data ?? []).map((raw) => ({ value: raw.id, label: raw.translatePl }))}
          value={form.values.rawMaterialId}
          onChange={changeRawMaterial}
          error={form.errors.rawMaterialId}
        />
        <NumberField
          label={t('contracts.fields.cargoQuantity')}
          withAsterisk
          decimals={3}
          min={0}
          rightSection="t"
          {...valueInputProps(form, 'cargoQuantity')}
        />
        <Select
          label={t('contracts.fields.currency')}
          allowDeselect={false}
          data={[...CURRENCIES]}
          {...form.getInputProps('currency')}
        />
        {side.hasMinPrice && (
          <NumberField
            label={t('contracts.fields.minPrice', { currency })}
            decimals={2}
            min={0}
            {...valueInputProps(form, 'minPrice')}
          />
        )}
      </SimpleGrid>
      <Title order={5}>{t('contracts.form.mainOption')}</Title>
      <PriceOptionFields form={form} path="mainCargoOption" qualities={qualities} currency={currency} />
      {side.kind === 'purchase' && <ListPriceCheck form={form} isCreate={isCreate} />}
      <Title order={5}>{t('contracts.form.additionalOptions')}</Title>
      {additionalCargoOption.map((option, index) => {
        const number = index + 1;
        return (
          <EntryCard
            key={option.id ?? `new-${index}`}
            title={t('contracts.form.additionalOption', { number })}
            removeLabel={t('contracts.form.removeOption', { number })}
            onRemove={() => form.removeListItem('additionalCargoOption', index)}
          >
            <PriceOptionFields
              form={form}
              path={`additionalCargoOption.${index}`}
              qualities={qualities}
              currency={currency}
              isAdditional
            />
          </EntryCard>
        );
      })}
      <AddEntryButton
        label={t('contracts.form.addOption')}
        count={additionalCargoOption.length}
        max={MAX_ADDITIONAL_CARGO_OPTIONS}
        onAdd={() => form.insertListItem('additionalCargoOption', emptyPriceOption())}
      />
    </Stack>
  );
}
