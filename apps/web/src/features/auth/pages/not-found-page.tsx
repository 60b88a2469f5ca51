import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';

/** react-router keeps the entry's position in the app's history; 0 when the app was opened on this page. */
function hasPreviousScreen(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** spec/1 section 2: the error code, 'Nie znaleziono strony' and a back button to the previous screen. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Something the app showed is gone: the screen the back button returns to asks the server again.
  useEffect(() => void queryClient.invalidateQueries(), []);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center">
        <Title order={1} fz={72} c="dimmed">
          {t('errors.notFoundCode')}
        </Title>
        <Text size="lg">{t('errors.notFoundText')}</Text>
        <Button onClick={() => (hasPreviousScreen() ? navigate(-1) : navigate('/positions', { replace: true }))}>
          {t('common.back')}
        </Button>
      </Stack>
    </Center>
  );
}
