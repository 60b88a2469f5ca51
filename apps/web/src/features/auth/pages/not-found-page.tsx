import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/query-client';
import { useGoBack } from '../../../components/back-navigation';

/** spec/1 section 2: the error code, 'Nie znaleziono strony' and a back button to the previous screen. */
export function Page() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  // Something the app showed is gone: the screen the back button returns to asks the server again.
  useEffect(() => void queryClient.invalidateQueries(), []);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center">
        <Title order={1} fz={72} c="dimmed">
          {t('errors.notFoundCode')}
        </Title>
        <Text size="lg">{t('errors.notFoundText')}</Text>
        <Button onClick={goBack}>{t('common.back')}</Button>
      </Stack>
    </Center>
  );
}
