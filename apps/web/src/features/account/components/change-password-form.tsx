import { ChangePasswordFormSchema } from '@grain/shared';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../api/client';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';

const empty = { oldPassword: '', newPassword: '', repeatPassword: '' };

/** Old, new and repeat (spec/1 My account); calls POST /profile/change-password. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const [isSaving, setSaving] = useState(false);
  const form = useZodForm({ schema: ChangePasswordFormSchema, initialValues: empty });

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await apiRequest('/profile/change-password', {
        method: 'POST',
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
        silent: true,
      });
      notifications.show({ color: 'green', message: t('account.passwordChanged') });
      form.setInitialValues(empty);
      form.reset();
      await onChanged?.();
    } catch (error) {
      showServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <PasswordInput
          label={t('account.oldPassword')}
          withAsterisk
          autoComplete="current-password"
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t('auth.newPassword')}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('auth.repeatPassword')}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('repeatPassword')}
        />
        <Group>
          <Button type="submit" loading={isSaving}>
            {t('account.changePasswordSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
