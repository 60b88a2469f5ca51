import { ContractContactSchema } from '@grain/shared';
import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmBody, confirmAction } from '../../../components/form/confirm';
import { useZodForm } from '../../../components/form/use-zod-form';
import { showToast } from '../../../components/toasts';
import { Section } from './section';

/** A form in a dialog, validated by a shared schema: wrong fields are marked on save, focus goes to the first. */
function ContactFormDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm({
    schema: ContractContactSchema,
    initialValues: { firstName: '', lastName: '', email: 'jan.kowalski@' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={isOpen} onClose={close} title={t('sandbox.dialogs.formTitle')} centered>
      <form
        noValidate
        onSubmit={form.handleSubmit(() => {
          showToast('success', { message: t('sandbox.dialogs.saved') });
          close();
        })}
      >
        <Stack gap="sm">
          <TextInput label={t('sandbox.dialogs.firstName')} {...form.getInputProps('firstName')} />
          <TextInput label={t('sandbox.dialogs.lastName')} withAsterisk {...form.getInputProps('lastName')} />
          <TextInput label={t('sandbox.dialogs.email')} type="email" {...form.getInputProps('email')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The confirmation dialog (plain, and a status change with its 600 ms lock) and a form dialog. */
export function DialogsSection() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<boolean | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const ask = async (isStatusChange: boolean) => {
    const isConfirmed = await confirmAction(
      isStatusChange
        ? {
            title: t('sandbox.dialogs.statusTitle'),
            message: t('sandbox.dialogs.statusText'),
            confirmLabel: t('sandbox.dialogs.statusButton'),
            isDanger: true,
            isStatusChange: true,
          }
        : {
            title: t('sandbox.dialogs.confirmTitle'),
            message: t('sandbox.dialogs.confirmText'),
            confirmLabel: t('common.delete'),
            isDanger: true,
          },
    );
    setAnswer(isConfirmed);
  };
  return (
    <Section id="dialogs" title={t('sandbox.sections.dialogs')}>
      <Stack gap="md">
        <Group gap="sm">
          <Button variant="default" onClick={() => void ask(false)}>
            {t('sandbox.dialogs.confirm')}
          </Button>
          <Button variant="default" onClick={() => void ask(true)}>
            {t('sandbox.dialogs.statusConfirm')}
          </Button>
          <Button variant="default" onClick={() => setFormOpen(true)}>
            {t('sandbox.dialogs.form')}
          </Button>
        </Group>
        {answer !== null && (
          <Text size="sm" data-testid="sandbox-dialog-answer">
            {t('sandbox.dialogs.answered', {
              answer: answer ? t('sandbox.dialogs.confirmed') : t('sandbox.dialogs.cancelled'),
            })}
          </Text>
        )}
        <Stack gap={4} maw={440}>
          <Text size="sm" c="dimmed">
            {t('sandbox.dialogs.preview')}
          </Text>
          <Paper withBorder p="md" radius="md">
            <ConfirmBody
              message={t('sandbox.dialogs.confirmText')}
              confirmLabel={t('common.delete')}
              isDanger
              onConfirm={() => setAnswer(true)}
              onCancel={() => setAnswer(false)}
            />
          </Paper>
        </Stack>
      </Stack>
      <ContactFormDialog isOpen={isFormOpen} onClose={() => setFormOpen(false)} />
    </Section>
  );
}
