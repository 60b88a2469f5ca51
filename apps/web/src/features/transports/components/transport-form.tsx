import type { TransportResponse } from '@grain/shared';
import { Alert, Button, Group, Stack, Switch } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatDate } from '../../../lib/format';
import { useCreateTransport, useUpdateTransport, useUpdateTransportStatus, useVehicleClashes } from '../api';
import {
  defaultTransportValues,
  isLoadingDateLongPast,
  LONG_PAST_LOADING_DAYS,
  type TransportFormContext,
  type TransportFormValues,
  toTransportRequest,
  toTransportUpdateRequest,
  transportFormSchema,
  transportValuesOf,
  vehicleClashQuery,
} from '../transport-form';
import { pairOfTransport } from '../transport-pair';
import { useFreightPrefill } from './freight-prefill';
import { PairContext } from './pair-context';
import { showStatusChanged } from './status-changed';
import { TransportFormFields } from './transport-form-fields';
import { markMissingDoubleBookingNote, VehicleClashFields } from './vehicle-clash-warning';

export interface TransportFormProps {
  context: TransportFormContext;
  /** Edit this transport; without it the form creates one for the context's pair. */
  transport?: TransportResponse | null;
  /** spec/1 section 4: opened because the transport cannot go ON_THE_WAY yet; saving sets ON_THE_WAY. */
  isStartOnTheWay?: boolean;
  onSaved: (transport: TransportResponse) => void;
  onCancel: () => void;
}

/** Create and edit of spec/1 section 5 Transport form; saving does not ask twice. */
export function TransportForm({ context, transport, isStartOnTheWay = false, onSaved, onCancel }: TransportFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => transportFormSchema(context), [context]);
  const form = useZodForm<TransportFormValues>({
    schema,
    initialValues: transport ? transportValuesOf(transport, isStartOnTheWay) : defaultTransportValues(),
  });
  const create = useCreateTransport();
  const update = useUpdateTransport();
  const updateStatus = useUpdateTransportStatus();
  const isCreate = !transport;
  // RULES.md Transports: the truck's or driver's other planned transports at the same time, asked as the fields change.
  const clashes = useVehicleClashes(vehicleClashQuery(form.values, transport?.id ?? null)).data?.list ?? [];
  const freight = useFreightPrefill(form, context, isCreate);

  // 'start on the way' validates at once, so the missing driver data shows before anything is typed.
  const { validate } = form;
  useEffect(() => {
    if (isStartOnTheWay) validate();
  }, [isStartOnTheWay, validate]);

  const submitLabel = t(
    isStartOnTheWay ? 'transports.form.submitStart' : isCreate ? 'transports.form.submitCreate' : 'common.saveChanges',
  );

  const save = async (): Promise<TransportResponse> => {
    if (!transport) {
      const body = toTransportRequest(form.values, context);
      return create.mutateAsync({ body, isOnTheWay: form.values.isOnTheWay });
    }
    const saved = await update.mutateAsync({
      id: transport.id,
      body: toTransportUpdateRequest(form.values, context, transport.id),
    });
    if (!isStartOnTheWay) return saved;
    // A failed status patch does nothing and shows no message (spec/2): the saved data stays.
    return (await updateStatus.mutateAsync({ transportId: transport.id, status: 'ON_THE_WAY' })) ?? saved;
  };

  const submit = form.handleSubmit(async () => {
    if (markMissingDoubleBookingNote(form, clashes.length)) return;
    const dateLoading = form.values.dateLoading;
    await submitChange(form, {
      confirm: isLoadingDateLongPast(dateLoading, transport?.dateLoading ?? null)
        ? {
            title: t('transports.form.oldLoadingTitle'),
            message: t('transports.form.oldLoading', { date: formatDate(dateLoading), days: LONG_PAST_LOADING_DAYS }),
            confirmLabel: submitLabel,
          }
        : undefined,
      send: save,
      saved: t(isCreate ? 'transports.created' : 'transports.updated'),
      done: (saved) => {
        if (isStartOnTheWay && saved.status === 'ON_THE_WAY') showStatusChanged(saved);
        onSaved(saved);
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <PairContext pair={transport ? pairOfTransport(transport) : context.pair} />
        {isStartOnTheWay && (
          <Alert color="blue" icon={<IconTruckDelivery size={18} />} title={t('transports.form.startTitle')}>
            {t('transports.form.startHint')}
          </Alert>
        )}
        {isCreate && (
          <Switch
            label={t('transports.form.createOnTheWay')}
            description={t('transports.form.createOnTheWayHint')}
            checked={form.values.isOnTheWay}
            onChange={(event) => form.setFieldValue('isOnTheWay', event.currentTarget.checked)}
          />
        )}
        <TransportFormFields form={form} saleRequiresGmp={context.saleRequiresGmp} freight={freight} />
        <VehicleClashFields clashes={clashes} form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
