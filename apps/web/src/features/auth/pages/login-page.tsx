import { LoginRequestSchema } from '@grain/shared';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../app/session';
import { useZodForm } from '../../../components/form/use-zod-form';
import { messageCodeText } from '../../../i18n';

export function Page() {
  const { t } = useTranslation();
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useZodForm({ schema: LoginRequestSchema, initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      await login(values.email, values.password);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/positions', { replace: true });
    } catch (caught) {
      setError(messageCodeText(caught instanceof ApiError ? caught.messageCode : undefined));
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} fz="h4">
          {t('auth.loginTitle')}
        </Title>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          withAsterisk
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('auth.login')}
        </Button>
        <Anchor component={Link} to="/reset-password" size="sm" ta="center">
          {t('auth.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
