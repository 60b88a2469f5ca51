import { Grid, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/page-header';
import { RoleBadge } from '../../users';
import { ChangePasswordForm } from '../components/change-password-form';

/** Read-only account data and the password change (spec/1 My account). */
export function Page() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('account.title') }]}
        title={t('account.title')}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="lg">
            <Title order={4} mb="md">
              {t('account.data')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('users.email')} value={user.email} readOnly />
              <div>
                <Text size="sm" fw={500} mb={4}>
                  {t('users.role')}
                </Text>
                <RoleBadge role={user.role} size="lg" />
              </div>
              <TextInput label={t('users.firstName')} value={user.firstName} readOnly />
              <TextInput label={t('users.lastName')} value={user.lastName} readOnly />
            </SimpleGrid>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="lg">
            <Title order={4} mb="md">
              {t('account.changePassword')}
            </Title>
            <ChangePasswordForm />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
