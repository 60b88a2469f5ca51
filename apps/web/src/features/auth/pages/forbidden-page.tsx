import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Page() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center">
        <Title order={1}>{t('errors.forbiddenTitle')}</Title>
        <Text c="dimmed">{t('errors.forbiddenText')}</Text>
        <Button component={Link} to="/login">
          {t('errors.goBack')}
        </Button>
      </Stack>
    </Center>
  );
}
