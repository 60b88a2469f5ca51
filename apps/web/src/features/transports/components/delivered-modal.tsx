import { formatKg, kgToTonnes, type TransportResponse, tonnesToKg } from '@grain/shared';
import { Alert, Button, Grid, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatMoney, formatTonnes } from '../../../lib/format';
import { useTransportTickets } from '../../weighbridge';
import { useDeliverTransport, useDeliveryQualityTerms, useQualityOptions } from '../api';
import {
  contractualValues,
  type DeliveredFormValues,
  deliveredDefaults,
  deliveredFormSchema,
  deliveredOptionPrice,
  deliveredQuantityWarning,
  isOverDeliveryNoteRequest,
  labResultRows,
  previewRows,
  toDeliveredRequest,
} from '../delivered-form';
import { DeductionFields } from './deduction-fields';
import { DeliveredRowsPreview } from './delivered-rows-preview';
import { LabResultsFields } from './lab-results-fields';
import { type TransportDialogProps, TransportModal } from './transport-modal';

/** spec/1 section 4 To DELIVERED: the unloading data, then set-status-delivered (the entry is then not editable). */
export function DeliveredModal({ transport, onClose }: TransportDialogProps) {
  const { t } = useTranslation();
  return (
    <TransportModal
      transport={transport}
      onClose={onClose}
      size="lg"
      title={(shown) => t('transports.delivered.title', { id: shown.id })}
    >
      {(shown) => <DeliveredForm transport={shown} onClose={onClose} />}
    </TransportModal>
  );
}

function DeliveredForm({ transport, onClose }: { transport: TransportResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm<DeliveredFormValues>({
    schema: deliveredFormSchema,
    initialValues: deliveredDefaults(transport),
  });
  const qualities = useQualityOptions(transport.rawMaterialId);
  const deliver = useDeliverTransport();
  const contractual = contractualValues(transport);
  const realKg = form.values.realCargoQuantity === null ? null : tonnesToKg(form.values.realCargoQuantity);
  const warning = deliveredQuantityWarning(realKg, transport.cargoQuantity);
  const currency = transport.purchaseCurrency;
  const [isNoteAsked, setNoteAsked] = useState(false);
  const terms = useDeliveryQualityTerms(transport);
  // The lab result fields appear once both contracts' terms are known (a field per parameter). Only the
  // terms (stable query data) may reset them: the form object changes on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is not a stable reference
  useEffect(() => {
    form.setFieldValue('labResults', labResultRows(terms.purchase, terms.sales));
  }, [terms.purchase, terms.sales]);
  // RULES.md Transports, Quality: the real price starts from the delivered quality's option once a quality is
  // chosen (an additional option's price, else the contract's); the person may still type another.
  const realQualityId = form.values.realCargoQualityId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of quality (or the options) sets it
  useEffect(() => {
    if (realQualityId !== null) {
      form.setFieldValue('realCargoPrice', deliveredOptionPrice(transport, terms.purchase, realQualityId));
    }
  }, [realQualityId, terms.purchase]);
  const preview = previewRows(transport, form.values, terms);
  // CONTRIBUTING.md Weighbridge: the real quantity starts from the closed unloading ticket's net weight, which
  // replaces the planned quantity the form opens with until the person types one.
  const ticketNetKg = useTransportTickets(transport.id).data?.unloadingNetKg ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is not a stable reference
  useEffect(() => {
    if (ticketNetKg !== null && !form.isDirty('realCargoQuantity')) {
      form.setFieldValue('realCargoQuantity', kgToTonnes(ticketNetKg));
    }
  }, [ticketNetKg]);

  // Delivering cannot be undone, so it is confirmed; missing fields are marked on the first click.
  const submit = form.handleSubmit(async (values) => {
    const body = toDeliveredRequest(values);
    await submitChange(form, {
      confirm: {
        title: t('transports.delivered.confirmTitle'),
        message: t('transports.delivered.confirm', {
          id: transport.id,
          quantity: formatTonnes(body.realCargoQuantity),
        }),
        confirmLabel: t('transports.delivered.submit'),
        isStatusChange: true,
      },
      send: () => deliver.mutateAsync({ id: transport.id, body }),
      saved: t('transports.delivered.saved', { id: transport.id }),
      done: onClose,
      fieldOfCode: (error) => ({
        TRANSPORT_QUANTITY_IS_TO_BIG: isOverDeliveryNoteRequest(error) ? 'overDeliveryNote' : 'realCargoQuantity',
      }),
      onRefused: (error) => {
        if (isOverDeliveryNoteRequest(error)) setNoteAsked(true);
      },
    });
  });

  const copyButtons = [
    { key: 'copyQuality', values: { realCargoQualityId: contractual.realCargoQualityId } },
    { key: 'copyQuantity', values: { realCargoQuantity: contractual.realCargoQuantity } },
    { key: 'copyPrice', values: { realCargoPrice: contractual.realCargoPrice } },
  ] as const;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {t('transports.delivered.contractual', {
              quality: transport.purchaseQualityTitle,
              quantity: formatTonnes(transport.cargoQuantity),
              price: formatMoney(transport.purchasePrice, currency),
            })}
          </Text>
          <Group gap="xs">
            {copyButtons.map((button) => (
              <Button
                key={button.key}
                size="xs"
                variant="light"
                leftSection={<IconCopy size={14} />}
                onClick={() => form.setValues(button.values)}
              >
                {t(`transports.delivered.${button.key}`)}
              </Button>
            ))}
          </Group>
        </Stack>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput
              label={t('transports.delivered.unloadingDate')}
              withAsterisk
              {...form.getInputProps('unloadingDate')}
              value={form.values.unloadingDate}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('transports.delivered.realQuality')}
              data={(qualities.data ?? []).map((option) => ({ value: String(option.value), label: option.label }))}
              value={form.values.realCargoQualityId === null ? null : String(form.values.realCargoQualityId)}
              onChange={(value) => form.setFieldValue('realCargoQualityId', value ? Number(value) : null)}
              clearable
              nothingFoundMessage={t('common.noOptions')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberField
              label={t('transports.delivered.realQuantity')}
              description={
                ticketNetKg === null ? undefined : t('weighbridge.prefilled', { net: formatKg(ticketNetKg) })
              }
              withAsterisk
              decimals={3}
              min={0}
              {...form.getInputProps('realCargoQuantity')}
              value={form.values.realCargoQuantity}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberField
              label={t('transports.delivered.realPrice', { currency })}
              description={t('transports.delivered.realPriceHint', {
                salesPrice: formatMoney(transport.salesPrice, transport.salesCurrency),
              })}
              withAsterisk
              decimals={2}
              min={0}
              {...form.getInputProps('realCargoPrice')}
              value={form.values.realCargoPrice}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <DeductionFields form={form} transport={transport} />
          </Grid.Col>
          <Grid.Col span={12}>
            <LabResultsFields form={form} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label={t('transports.delivered.details')} {...form.getInputProps('details')} />
          </Grid.Col>
        </Grid>
        {isNoteAsked && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t('transports.delivered.overDeliveryTitle')}
          >
            <Stack gap="xs">
              <Text size="sm">{t('transports.delivered.overDeliveryHint')}</Text>
              <Textarea
                label={t('transports.delivered.overDeliveryNote')}
                withAsterisk
                data-autofocus
                {...form.getInputProps('overDeliveryNote')}
              />
            </Stack>
          </Alert>
        )}
        {preview && <DeliveredRowsPreview rows={preview} />}
        {warning && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('transports.delivered.warningTitle')}>
            {t(`transports.delivered.${warning}`, { planned: formatTonnes(transport.cargoQuantity) })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={deliver.isPending}>
            {t('transports.delivered.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
