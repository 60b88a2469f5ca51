import { isGmpNotSatisfied, kgToTonnes, type ReallocateCandidate, type TransportResponse } from '@grain/shared';
import { Alert, Button, Grid, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatDate, formatTonnes } from '../../../lib/format';
import { usePairAllocationExists, useReallocateTransport, useVehicleClashes } from '../api';
import {
  defaultReallocateValues,
  isOverSaleTolerance,
  needsReallocateNote,
  type ReallocateFormValues,
  type RedirectTarget,
  reallocateFormSchema,
  redirectClashQuery,
  toReallocateRequest,
} from '../reallocate-form';
import { RedirectCandidates } from './redirect-candidates';
import { RedirectReview } from './redirect-review';
import { type TransportDialogProps, TransportModal } from './transport-modal';
import { markMissingDoubleBookingNote, VehicleClashFields } from './vehicle-clash-warning';

/** spec/1 section 4 Reallocate flow: choose a new sale, see the summary, redirect; "back" returns to the choice. */
export function RedirectTransportModal({ transport, onClose }: TransportDialogProps) {
  const { t } = useTranslation();
  return (
    <TransportModal
      transport={transport}
      onClose={onClose}
      size="xl"
      title={(shown) => t('transports.redirect.title', { id: shown.id })}
    >
      {(shown) => <RedirectFlow transport={shown} onClose={onClose} />}
    </TransportModal>
  );
}

function RedirectFlow({ transport, onClose }: { transport: TransportResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const [sale, setSale] = useState<ReallocateCandidate | null>(null);
  const [step, setStep] = useState<'choose' | 'review'>('choose');
  const pairAllocation = usePairAllocationExists(transport.purchaseId, sale);
  const target: RedirectTarget = { sale, hasPairAllocation: pairAllocation.data ?? false };
  // The schema reads the chosen sale (its GMP, certificate and tolerance decide the rules) without being rebuilt.
  const targetRef = useRef(target);
  targetRef.current = target;
  const schema = useMemo(() => reallocateFormSchema(transport, () => targetRef.current), [transport]);
  const form = useZodForm<ReallocateFormValues>({ schema, initialValues: defaultReallocateValues(transport) });
  const reallocate = useReallocateTransport();
  const needsNote = needsReallocateNote(transport, target);
  // RULES.md Transports: the truck's other planned transports up to the new unloading date, warned of as the form does.
  const clashes = useVehicleClashes(redirectClashQuery(transport, form.values)).data?.list ?? [];

  const submit = async () => {
    await submitChange(form, {
      send: () => reallocate.mutateAsync(toReallocateRequest(form.values, transport, target)),
      saved: t('transports.redirect.saved'),
      done: onClose,
      onRefused: () => setStep('choose'),
    });
  };

  if (step === 'review' && sale) {
    return (
      <Stack gap="md">
        <RedirectReview transport={transport} sale={sale} values={form.values} clashes={clashes} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('choose')}>
            {t('common.back')}
          </Button>
          <Button onClick={() => void submit()} loading={reallocate.isPending}>
            {t('transports.redirect.submit')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.validate().hasErrors && !markMissingDoubleBookingNote(form, clashes.length)) setStep('review');
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('transports.redirect.current', {
            number: transport.salesRecipient.documentNumber,
            recipient: transport.salesRecipient.code,
            loading: formatDate(transport.dateLoading),
            quantity: formatTonnes(transport.cargoQuantity),
          })}
        </Text>
        <RedirectCandidates
          transport={transport}
          value={sale}
          error={form.errors.newSalesId as string | undefined}
          onChange={(next) => {
            setSale(next);
            targetRef.current = { sale: next, hasPairAllocation: false };
            form.setFieldValue('newSalesId', next.id);
          }}
        />
        {sale && isOverSaleTolerance(transport, sale) && (
          <Alert color="red" variant="light" data-testid="redirect-over-tolerance">
            {t('transports.redirect.overTolerance', {
              number: sale.documentNumber,
              left: formatTonnes(Math.max(0, sale.toleranceUpperLimit - sale.allocated)),
              quantity: formatTonnes(transport.cargoQuantity),
            })}
          </Alert>
        )}
        <Grid gap="sm">
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <DateInput
              label={t('transports.redirect.dateLoading')}
              value={transport.dateLoading}
              onChange={() => {}}
              readOnly
              variant="filled"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberField
              label={t('transports.redirect.cargoQuantity')}
              value={kgToTonnes(transport.cargoQuantity)}
              onChange={() => {}}
              decimals={3}
              readOnly
              variant="filled"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <DateInput
              label={t('transports.redirect.dateUnloading')}
              withAsterisk
              min={transport.dateLoading}
              {...form.getInputProps('dateUnloading')}
              value={form.values.dateUnloading}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <NumberField
              label={t('transports.redirect.pricePerTon', { currency: transport.currency })}
              withAsterisk
              decimals={2}
              min={0}
              {...form.getInputProps('pricePerTon')}
              value={form.values.pricePerTon}
            />
          </Grid.Col>
          {needsNote && (
            <Grid.Col span={12}>
              <Textarea
                label={t('transports.form.confirmationNote')}
                description={t(
                  isGmpNotSatisfied(Boolean(sale?.isGmp), transport.isGmp)
                    ? 'transports.redirect.noteHint'
                    : 'transports.redirect.noteHintCert',
                )}
                withAsterisk
                {...form.getInputProps('confirmationNote')}
              />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <Textarea label={t('transports.form.comment')} {...form.getInputProps('comment')} />
          </Grid.Col>
        </Grid>
        <VehicleClashFields clashes={clashes} form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!form.isValid}>
            {t('transports.redirect.seeSummary')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
