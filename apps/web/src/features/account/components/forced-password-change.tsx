import { Alert, Paper, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { ChangePasswordForm } from './change-password-form';

/** While the password has expired nothing else loads (RULES.md Users and sessions). */
export function ForcedPasswordChange() {
  const { t } = useTranslation();
  const { reloadUser } = useSession();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" mt="xl">
      <Title order={3} mb="sm">
        {t('auth.passwordExpiredTitle')}
      </Title>
      <Alert color="yellow" icon={<IconLock size={18} />} mb="lg">
        {t('auth.passwordExpiredText')}
      </Alert>
      <ChangePasswordForm onChanged={reloadUser} />
    </Paper>
  );
}
