import { TOLERANCE_TYPES, TOLERANCE_UNITS } from '@grain/shared';
import { SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { type ContractFormApi, valueInputProps } from './form-types';

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Tolerance (spec/1 section 5): with the switch on, type, quantity and unit are required. */
export function ToleranceSection({ form }: { form: ContractFormApi }) {
  const { t } = useTranslation();
  const { isTolerance, toleranceUnit } = form.values;
  return (
    <Stack gap="md">
      <Switch label={t('contracts.fields.isTolerance')} {...form.getInputProps('isTolerance', { type: 'checkbox' })} />
      {isTolerance && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Labelled label={t('contracts.fields.toleranceType')}>
            <SegmentedControl
              aria-label={t('contracts.fields.toleranceType')}
              data={TOLERANCE_TYPES.map((value) => ({ value, label: t(`contracts.toleranceTypes.${value}`) }))}
              value={form.values.toleranceType}
              onChange={(value) => form.setFieldValue('toleranceType', value as typeof form.values.toleranceType)}
            />
          </Labelled>
          <NumberField
            label={t('contracts.fields.toleranceQuantity')}
            withAsterisk
            decimals={toleranceUnit === 'T' ? 3 : 2}
            min={0}
            rightSection={t(`contracts.toleranceUnits.${toleranceUnit}`)}
            {...valueInputProps(form, 'toleranceQuantity')}
          />
          <Labelled label={t('contracts.fields.toleranceUnit')}>
            <SegmentedControl
              aria-label={t('contracts.fields.toleranceUnit')}
              data={TOLERANCE_UNITS.map((value) => ({ value, label: t(`contracts.toleranceUnits.${value}`) }))}
              value={toleranceUnit}
              onChange={(value) => form.setFieldValue('toleranceUnit', value as typeof toleranceUnit)}
            />
          </Labelled>
        </SimpleGrid>
      )}
    </Stack>
  );
}
