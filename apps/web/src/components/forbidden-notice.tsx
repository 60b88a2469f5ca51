import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGoBack } from './back-navigation';

/**
 * A screen the user's role may not open (spec/1 section 2): shown in the app's own layout, with 'Wróć' to the
 * screen the user came from, so nobody is sent out to the login page.
 */
export function ForbiddenNotice() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" data-testid="forbidden">
        <Title order={1}>{t('errors.forbiddenTitle')}</Title>
        <Text>{t('errors.forbiddenText')}</Text>
        <Button onClick={goBack}>{t('common.back')}</Button>
      </Stack>
    </Center>
  );
}
