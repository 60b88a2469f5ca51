import { Alert, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { messageCodeText } from '../../../i18n';
import { formatTonnes } from '../../../lib/format';
import {
  type AllocationContext,
  type AllocationFormValues,
  blockingRefusal,
  isBelowTransported,
  isOverToleranceLimit,
  quantityWarning,
} from '../allocation-form';

interface QuantityStepProps {
  form: UseFormReturnType<AllocationFormValues>;
  context: AllocationContext;
  kg: number | null;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The first step: the quantity in tonnes, what is left on both sides, and the non-blocking warnings. */
export function AllocationQuantityStep({ form, context, kg }: QuantityStepProps) {
  const { t } = useTranslation();
  const warning = quantityWarning(kg, context);
  const blocking = blockingRefusal(context);
  const values = {
    purchase: formatTonnes(context.purchaseLeftKg),
    sale: formatTonnes(context.saleLeftKg),
  };
  return (
    <Stack gap="sm">
      {blocking && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="allocation-refusal">
          <Text size="sm">{messageCodeText(blocking)}</Text>
        </Alert>
      )}
      <Stack gap={4}>
        {context.isEdit && <Line label={t('allocations.currentAllocation')} value={formatTonnes(context.currentKg)} />}
        <Line label={t('allocations.leftOnPurchase')} value={values.purchase} />
        <Line label={t('allocations.leftOnSale')} value={values.sale} />
      </Stack>
      <NumberField
        {...form.getInputProps('cargoQuantity')}
        value={form.values.cargoQuantity}
        label={t('allocations.quantityLabel')}
        description={context.isEdit ? t('allocations.removeHint') : undefined}
        withAsterisk
        decimals={3}
        min={0}
        data-autofocus
      />
      {warning && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('allocations.warningTitle')}>
          <Text size="sm" data-testid="quantity-warning" data-warning={warning}>
            {t(`allocations.warning${warning === 'both' ? 'Both' : warning === 'sale' ? 'Sale' : 'Purchase'}`, values)}
          </Text>
          <Text size="sm" mt={4}>
            {isOverToleranceLimit(kg, context)
              ? t('allocations.warningTolerance')
              : t('allocations.warningToleranceOk')}
          </Text>
        </Alert>
      )}
      {isBelowTransported(kg, context) && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          <Text size="sm">
            {t('allocations.warningBelowTransported', { value: formatTonnes(context.transportedKg) })}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
