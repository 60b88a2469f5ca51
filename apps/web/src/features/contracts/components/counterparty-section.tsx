import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddressFields, ContractorDataSection, ContractorSelect, emptyContractorForm } from '../../contractors';
import type { ContractSide } from '../side';
import type { ContractFormApi, CounterpartyFormApi } from './form-types';

interface CounterpartySectionProps {
  side: ContractSide;
  form: ContractFormApi;
  counterpartyForm: CounterpartyFormApi;
  onChoose: (id: number | null) => void;
}

/** The supplier (recipient): one from the contractor register, or a new one entered inline (spec/1 Contract forms). */
export function CounterpartySection({ side, form, counterpartyForm, onChoose }: CounterpartySectionProps) {
  const { t } = useTranslation();
  const isNew = form.values.newCounterparty !== null;

  const setMode = (mode: string) => {
    if (mode === 'new') {
      counterpartyForm.setInitialValues(emptyContractorForm());
      counterpartyForm.reset();
      form.setFieldValue('newCounterparty', emptyContractorForm());
    } else {
      form.setFieldValue('newCounterparty', null);
    }
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={isNew ? 'new' : 'existing'}
        onChange={setMode}
        data={[
          { value: 'existing', label: t('contracts.form.existingCounterparty') },
          { value: 'new', label: t('contracts.form.newCounterparty') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {isNew ? (
        <Stack gap="sm" data-testid="new-counterparty">
          <Text size="sm" c="dimmed">
            {t('contracts.form.newCounterpartyHint')}
          </Text>
          <ContractorDataSection form={counterpartyForm} />
          <AddressFields form={counterpartyForm} path="accountingAddress" />
        </Stack>
      ) : (
        <ContractorSelect
          label={t(`${side.i18n}.counterparty`)}
          withAsterisk
          maw={{ sm: 480 }}
          value={form.values.counterpartyId}
          onChange={onChoose}
          error={form.errors.counterpartyId}
          data-path="counterpartyId"
          onBlur={() => form.validateField('counterpartyId')}
        />
      )}
    </Stack>
  );
}
