import { Button, Checkbox, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import type { useZodForm } from '../../../components/form/use-zod-form';
import type { CorrectionFormValues } from '../correction-form';

export type CorrectionForm = ReturnType<typeof useZodForm<CorrectionFormValues>>;

/** The correction's dialog: wide on a desk, the whole screen on a phone; its form exists only while open. */
export function CorrectionModal(props: { title: string; isOpen: boolean; onClose: () => void; children: ReactNode }) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={props.isOpen} onClose={props.onClose} size="xl" fullScreen={isPhone} title={props.title}>
      {props.isOpen && props.children}
    </Modal>
  );
}

interface CorrectionFormBodyProps {
  form: CorrectionForm;
  /** What the correction is of and what it changes. */
  hint: string;
  /** Per line, in the form's order: its title and how it stands now. */
  lines: { position: number; title: string; now: string }[];
  priceLabel: string;
  /** The difference the correction will state, as it is typed. */
  difference: ReactNode;
  isPending: boolean;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
}

/**
 * The "Koryguj" form of a sales invoice and of a VAT RR invoice (RULES.md Invoices, VAT and KSeF): cancel everything
 * or per line the tonnes and price after the correction, the reason and date, the difference, and the buttons.
 */
export function CorrectionFormBody({ form, hint, lines, priceLabel, difference, ...actions }: CorrectionFormBodyProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={actions.onSubmit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{hint}</Text>
        <Checkbox
          label={t('invoices.correct.cancelAll')}
          {...form.getInputProps('isCancelAll', { type: 'checkbox' })}
        />
        <Stack gap="xs" data-testid="correction-lines">
          {lines.map((line, index) => (
            <Paper key={line.position} withBorder p="xs">
              <Text fw={600} fz="sm" mb={4}>
                {line.position}. {line.title}
              </Text>
              <Text fz="xs" c="dimmed" mb={4}>
                {line.now}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <NumberField
                  label={t('invoices.correct.quantity')}
                  decimals={3}
                  min={0}
                  disabled={form.values.isCancelAll}
                  {...form.getInputProps(`lines.${index}.quantity`)}
                  value={form.values.lines[index]?.quantity ?? null}
                />
                <NumberField
                  label={priceLabel}
                  decimals={2}
                  min={0}
                  disabled={form.values.isCancelAll}
                  {...form.getInputProps(`lines.${index}.unitPrice`)}
                  value={form.values.lines[index]?.unitPrice ?? null}
                />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Textarea
            label={t('invoices.correct.reason')}
            withAsterisk
            maxLength={255}
            {...form.getInputProps('reason')}
          />
          <DateInput
            label={t('invoices.correct.issueDate')}
            withAsterisk
            {...form.getInputProps('issueDate')}
            value={form.values.issueDate}
          />
        </SimpleGrid>
        {difference}
        <Group justify="flex-end">
          <Button variant="default" onClick={actions.onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={actions.isPending}>
            {t('invoices.correct.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
