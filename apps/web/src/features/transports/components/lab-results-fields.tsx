import { SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import type { DeliveredFormValues } from '../delivered-form';

/** The lab results of the unloading, one field per parameter of the contracts' quality terms. */
export function LabResultsFields({ form }: { form: UseFormReturnType<DeliveredFormValues> }) {
  const { t } = useTranslation();
  if (!form.values.labResults.length) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {t('transports.delivered.labResults')}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {t('transports.delivered.labResultsHint')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {form.values.labResults.map((row, index) => (
          <NumberField
            key={row.parameter}
            label={row.unit ? `${row.parameter} (${row.unit})` : row.parameter}
            decimals={2}
            min={0}
            {...form.getInputProps(`labResults.${index}.value`)}
            value={row.value}
          />
        ))}
      </SimpleGrid>
    </div>
  );
}
