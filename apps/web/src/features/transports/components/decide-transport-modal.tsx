import { TRANSPORT_DECISIONS, type TransportDecision, type TransportResponse } from '@grain/shared';
import { Alert, Button, Group, List, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatLabValue } from '../../../components/quality-lines';
import { useDecideTransport, useDeliveryQualityTerms } from '../api';
import {
  type DecideFormValues,
  decideDefaults,
  decideFormSchema,
  labResultsBeyondLimit,
  termsOfDeliveredQuality,
  toDecisionRequest,
} from '../decide-form';
import { type TransportDialogProps, TransportModal } from './transport-modal';

/** A "do decyzji" unloading decided: accept with a discount, reject (the truck goes back) or redirect. */
export function DecideTransportModal({ transport, onClose }: TransportDialogProps) {
  const { t } = useTranslation();
  return (
    <TransportModal
      transport={transport}
      onClose={onClose}
      size="lg"
      title={(shown) => t('transports.decide.title', { id: shown.id })}
    >
      {(shown) => <DecideForm transport={shown} onClose={onClose} />}
    </TransportModal>
  );
}

function BeyondLimit({ transport }: { transport: TransportResponse }) {
  const { t } = useTranslation();
  const terms = useDeliveryQualityTerms(transport);
  const beyond = labResultsBeyondLimit(transport.labResults, {
    purchase: termsOfDeliveredQuality(terms.purchase, transport.realCargoQualityId),
    sales: termsOfDeliveredQuality(terms.sales, transport.realCargoQualityId),
  });
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('transports.decide.beyondTitle')}>
      {beyond.length === 0 ? (
        <Text size="sm">{t('transports.decide.beyondUnknown')}</Text>
      ) : (
        <List size="sm" data-testid="lab-results-beyond">
          {beyond.map((result) => (
            <List.Item key={`${result.side}-${result.parameter}`}>
              {t('transports.decide.beyondLine', {
                side: t(`transports.decide.side.${result.side}`),
                parameter: result.parameter,
                value: formatLabValue(result.value, result.unit),
                limit: formatLabValue(result.rejectionLimit, result.unit),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function DecideForm({ transport, onClose }: { transport: TransportResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm<DecideFormValues>({ schema: decideFormSchema, initialValues: decideDefaults });
  const decide = useDecideTransport();
  const decision = form.values.decision;

  const submit = form.handleSubmit(async (values) => {
    const body = toDecisionRequest(values);
    await submitChange(form, {
      confirm: {
        title: t('transports.decide.confirmTitle'),
        message: t(`transports.decide.confirm.${body.decision}`, { id: transport.id }),
        confirmLabel: t(`transports.decide.submit.${body.decision}`),
        isDanger: body.decision === 'REJECT',
      },
      send: () => decide.mutateAsync({ id: transport.id, body }),
      saved: t(`transports.decide.saved.${body.decision}`, { id: transport.id }),
      done: onClose,
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <BeyondLimit transport={transport} />
        <Radio.Group
          label={t('transports.decide.decision')}
          withAsterisk
          value={decision}
          onChange={(value) => form.setFieldValue('decision', value as TransportDecision)}
        >
          <Stack gap="xs" mt="xs">
            {TRANSPORT_DECISIONS.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={t(`transports.decide.choice.${choice}`)}
                description={t(`transports.decide.hint.${choice}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {decision === 'ACCEPT' && (
          <NumberField
            label={t('transports.decide.discountPerTon')}
            decimals={2}
            min={0}
            {...form.getInputProps('discountPerTon')}
            value={form.values.discountPerTon}
          />
        )}
        <Textarea
          label={t(decision === 'ACCEPT' ? 'transports.decide.note' : 'transports.decide.reason')}
          withAsterisk={decision !== 'ACCEPT'}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color={decision === 'REJECT' ? 'red' : undefined} loading={decide.isPending}>
            {t(`transports.decide.submit.${decision}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
