import { CorrectWeighbridgeTicketRequestSchema, type WeighbridgeTicket } from '@grain/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTicketAction } from '../api';

type CorrectValues = {
  grossKg: number | null;
  tareKg: number | null;
  reason: string;
};

/** A correction: the weights as they should have been and why; the old ticket is kept, cancelled. */
export function CorrectTicketModal({
  transportId,
  ticket,
  onClose,
}: {
  transportId: number;
  ticket: WeighbridgeTicket;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const action = useTicketAction(transportId);
  const form = useZodForm<CorrectValues>({
    schema: CorrectWeighbridgeTicketRequestSchema,
    initialValues: { grossKg: ticket.grossKg, tareKg: ticket.tareKg, reason: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    await submitChange(form, {
      send: () =>
        action.mutateAsync({
          kind: 'correct',
          id: ticket.id,
          body: CorrectWeighbridgeTicketRequestSchema.parse(values),
        }),
      saved: t('weighbridge.correctSubmit'),
      done: onClose,
    });
  });
  return (
    <Modal opened onClose={onClose} title={t('weighbridge.correctTitle', { number: ticket.number })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('weighbridge.correctHint')}
          </Text>
          <NumberField
            label={t('weighbridge.grossKg')}
            withAsterisk
            {...form.getInputProps('grossKg')}
            value={form.values.grossKg}
          />
          <NumberField
            label={t('weighbridge.tareKg')}
            withAsterisk
            {...form.getInputProps('tareKg')}
            value={form.values.tareKg}
          />
          <Textarea label={t('weighbridge.reason')} withAsterisk {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t('weighbridge.correctSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
