import { Button, Group, Notification, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast, TOAST_COLORS, type ToastKind } from '../../../components/toasts';
import { Section } from './section';

const KINDS: ToastKind[] = ['success', 'error', 'warning'];

/** Toasts of each kind: as they look (drawn in place) and shown for real (top right, gone after 5 s). */
export function ToastsSection() {
  const { t } = useTranslation();
  const textOf = (kind: ToastKind) => ({
    title: t(`sandbox.toasts.${kind}`),
    message: t(`sandbox.toasts.${kind}Text`),
  });
  return (
    <Section id="toasts" title={t('sandbox.sections.toasts')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('sandbox.toasts.preview')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          {KINDS.map((kind) => (
            <Notification
              key={kind}
              color={TOAST_COLORS[kind]}
              title={textOf(kind).title}
              withBorder
              // A picture of a toast, not an announcement: no alert role.
              role="group"
            >
              {textOf(kind).message}
            </Notification>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          {KINDS.map((kind) => (
            <Button key={kind} variant="default" onClick={() => showToast(kind, textOf(kind))}>
              {t('sandbox.toasts.show', { kind: textOf(kind).title })}
            </Button>
          ))}
        </Group>
      </Stack>
    </Section>
  );
}
