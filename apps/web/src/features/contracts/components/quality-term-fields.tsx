import { QUALITY_DIRECTIONS, QUALITY_RULES, type QualityRule } from '@grain/shared';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import type { QualityTermFormValues } from '../quality-terms-values';
import { type ContractFormApi, valueInputProps } from './form-types';

/** The weight rules take weight only for a higher value (the schema refuses MIN there: rules/quality.ts). */
const isWeightRule = (rule: QualityRule) => rule === 'MOISTURE_SHRINK' || rule === 'WEIGHT_1_TO_1';

/**
 * One quality term's fields: its rule and direction, basis and rejection limit, and the figures its rule uses
 * (a shrink's handling and drying fee; a price term's step, discount and premium in zł/t or in % of the price).
 */
export function QualityTermFields({
  form,
  at,
  term,
  onRemove,
}: {
  form: ContractFormApi;
  at: string;
  term: QualityTermFormValues;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const unit = term.unit ? ` (${term.unit})` : '';
  const ruleProps = form.getInputProps(`${at}.rule`);
  return (
    <Stack gap={4} data-testid={`quality-term-${term.parameter}`}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm">{term.parameter}</Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
          {t('contracts.qualityTerms.remove', { parameter: term.parameter })}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Select
          label={t('contracts.qualityTerms.rule')}
          data={QUALITY_RULES.map((rule) => ({ value: rule, label: t(`contracts.qualityTerms.rules.${rule}`) }))}
          allowDeselect={false}
          {...ruleProps}
          onChange={(value) => {
            ruleProps.onChange(value);
            if (value && isWeightRule(value as QualityRule)) form.setFieldValue(`${at}.direction`, 'MAX');
          }}
        />
        <Select
          label={t('contracts.qualityTerms.direction')}
          data={QUALITY_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`contracts.qualityTerms.directions.${direction}`),
          }))}
          allowDeselect={false}
          disabled={isWeightRule(term.rule)}
          {...form.getInputProps(`${at}.direction`)}
        />
        <NumberField
          label={`${t('contracts.qualityTerms.basis')}${unit}`}
          decimals={2}
          min={0}
          {...valueInputProps(form, `${at}.basis`)}
        />
        <NumberField
          label={`${t('contracts.qualityTerms.rejectionLimit')}${unit}`}
          decimals={2}
          min={0}
          {...valueInputProps(form, `${at}.rejectionLimit`)}
        />
        {term.rule === 'MOISTURE_SHRINK' && (
          <>
            <NumberField
              label={t('contracts.qualityTerms.handlingPercent')}
              decimals={2}
              min={0}
              {...valueInputProps(form, `${at}.handlingPercent`)}
            />
            <NumberField
              label={t('contracts.qualityTerms.dryingFeePerPoint')}
              decimals={2}
              min={0}
              {...valueInputProps(form, `${at}.dryingFeePerPoint`)}
            />
          </>
        )}
        {term.rule === 'PRICE' && <PriceTermFields form={form} at={at} term={term} />}
      </SimpleGrid>
    </Stack>
  );
}

/** A price term's step and its discount and premium per step, in zł/t or in % of the price. */
function PriceTermFields({ form, at, term }: { form: ContractFormApi; at: string; term: QualityTermFormValues }) {
  const { t } = useTranslation();
  const unit = term.unit ? ` (${term.unit})` : '';
  const perStepUnit = term.isPercentOfPrice
    ? t('contracts.qualityTerms.percentOfPriceUnit')
    : t('contracts.qualityTerms.amountUnit');
  return (
    <>
      <NumberField
        label={`${t('contracts.qualityTerms.step')}${unit}`}
        decimals={2}
        min={0}
        {...valueInputProps(form, `${at}.step`)}
      />
      <Select
        label={t('contracts.qualityTerms.priceMode')}
        data={[
          { value: 'AMOUNT', label: t('contracts.qualityTerms.priceModes.AMOUNT') },
          { value: 'PERCENT', label: t('contracts.qualityTerms.priceModes.PERCENT') },
        ]}
        allowDeselect={false}
        value={term.isPercentOfPrice ? 'PERCENT' : 'AMOUNT'}
        onChange={(value) => form.setFieldValue(`${at}.isPercentOfPrice`, value === 'PERCENT')}
      />
      <NumberField
        label={t('contracts.qualityTerms.discountPerStep', { unit: perStepUnit })}
        decimals={2}
        min={0}
        {...valueInputProps(form, `${at}.discountPerStep`)}
      />
      <NumberField
        label={t('contracts.qualityTerms.premiumPerStep', { unit: perStepUnit })}
        decimals={2}
        min={0}
        {...valueInputProps(form, `${at}.premiumPerStep`)}
      />
      <Checkbox
        mt="lg"
        label={t('contracts.qualityTerms.isStepped')}
        {...form.getInputProps(`${at}.isStepped`, { type: 'checkbox' })}
      />
    </>
  );
}
