import type { TransportResponse } from '@grain/shared';
import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { currencyOfSide, DEDUCTION_SIDES } from '../deductions';
import type { DeliveredFormValues } from '../delivered-form';

const FIELD = { purchase: 'purchaseDeductions', sales: 'salesDeductions', transport: 'transportDeductions' } as const;

/**
 * RULES.md Invoices, VAT and KSeF: a free deduction belongs to one side and is in that side's currency, so the form
 * asks for each side's amount with its currency in the label, under one legend; none is ever copied to another side.
 */
export function DeductionFields({
  form,
  transport,
}: {
  form: UseFormReturnType<DeliveredFormValues>;
  transport: TransportResponse;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset
      variant="unstyled"
      m={0}
      styles={{ legend: { marginBottom: 0 } }}
      legend={
        <Text span size="sm" fw={600}>
          {t('transports.delivered.deductions')}
        </Text>
      }
    >
      <Text size="xs" c="dimmed" mb={4}>
        {t('transports.delivered.deductionsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {DEDUCTION_SIDES.map((side) => (
          <NumberField
            key={side}
            label={t(`transports.delivered.deductionsOf.${side}`, { currency: currencyOfSide(transport, side) })}
            decimals={2}
            min={0}
            {...form.getInputProps(FIELD[side])}
            value={form.values[FIELD[side]]}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
