import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { showServerErrors } from '../../../components/form/server-errors';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatDate, formatExchangeRate } from '../../../lib/format';
import { useCreateExchangeRate, useFetchExchangeRate } from '../api';
import {
  EXCHANGE_RATE_INPUT_DECIMALS,
  type ExchangeRateFormValues,
  exchangeRateDefaults,
  exchangeRateFormSchema,
  toCreateExchangeRateRequest,
} from '../exchange-rate-form';

/** The form of "Dodaj kurs": typed from NBP's table, or fetched from NBP's API for the chosen day. */
function ExchangeRateForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateExchangeRate();
  const fetchRate = useFetchExchangeRate();
  const form = useZodForm<ExchangeRateFormValues>({
    schema: exchangeRateFormSchema,
    initialValues: exchangeRateDefaults(),
  });
  const submit = form.handleSubmit(async (values) => {
    await submitChange(form, {
      send: () => create.mutateAsync(toCreateExchangeRateRequest(values)),
      saved: (rate) => t('exchangeRates.added', { currency: rate.currency, date: formatDate(rate.effectiveDate) }),
      done: onClose,
    });
  });
  const fetchFromNbp = async () => {
    const { currency, effectiveDate } = form.getValues();
    if (form.validateField('effectiveDate').hasError || !effectiveDate) return;
    try {
      const rate = await fetchRate.mutateAsync({ currency, effectiveDate });
      const text = { currency, date: formatDate(effectiveDate), rate: formatExchangeRate(rate.rate) };
      notifications.show({ color: 'green', message: t('exchangeRates.fetched', text), withCloseButton: true });
      onClose();
    } catch (error) {
      showServerErrors(form, error);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('exchangeRates.currency')}
          data={['EUR', 'USD']}
          {...form.getInputProps('currency')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label={t('exchangeRates.effectiveDate')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('effectiveDate')}
            value={form.values.effectiveDate}
          />
          <NumberField
            label={t('exchangeRates.rate')}
            withAsterisk
            decimals={EXCHANGE_RATE_INPUT_DECIMALS}
            {...form.getInputProps('rate')}
            value={form.values.rate}
          />
        </SimpleGrid>
        <TextInput
          label={t('exchangeRates.tableNumber')}
          placeholder={t('exchangeRates.tableNumberHint')}
          {...form.getInputProps('tableNumber')}
        />
        <Group justify="space-between">
          <Button variant="light" onClick={() => void fetchFromNbp()} loading={fetchRate.isPending}>
            {t('exchangeRates.fetch')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

export function CreateExchangeRateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('exchangeRates.addTitle')}>
      {opened && <ExchangeRateForm onClose={onClose} />}
    </Modal>
  );
}
