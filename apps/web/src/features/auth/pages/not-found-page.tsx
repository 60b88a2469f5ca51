import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center">
        <Title order={1} fz={72} c="dimmed">
          {t('errors.notFoundCode')}
        </Title>
        <Text size="lg">{t('errors.notFoundText')}</Text>
        <Button onClick={() => navigate('/positions', { replace: true })}>{t('common.back')}</Button>
      </Stack>
    </Center>
  );
}
