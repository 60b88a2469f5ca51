import { APP_VERSION } from '@grain/shared';
import { Center, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Centred card with the logo, the copyright with the current year and the version (spec/1 section 2). */
export function LoginLayout() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Stack align="center" gap={6}>
          <Image src="/logo.svg" w={56} h={56} alt="" />
          <Text fw={700} fz="h3">
            {t('common.appName')}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Outlet />
        </Paper>
        <Stack gap={0} align="center">
          <Text size="xs" c="dimmed">
            {t('common.copyright', { year: new Date().getFullYear() })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('common.version', { version: APP_VERSION })}
          </Text>
        </Stack>
      </Stack>
    </Center>
  );
}
