import '../i18n';
import { Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { BadgesSection } from '../sections/badges-section';
import { DialogsSection } from '../sections/dialogs-section';
import { FiltersSection } from '../sections/filters-section';
import { InputsSection } from '../sections/inputs-section';
import { OtherSection } from '../sections/other-section';
import { CardsSection, StatesSection, TablesSection } from '../sections/table-section';
import { ToastsSection } from '../sections/toasts-section';

/**
 * /sandbox (spec/1 section 2): the shared components of `components/` in their states, reachable without login and
 * loaded only when opened. It is the living style guide: a change to a shared component shows here first, and the
 * browser tests check it with axe at desktop and phone width.
 */
export function Page() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="md" component="main">
      <PageHeader crumbs={[{ label: t('sandbox.crumb') }]} title={t('sandbox.title')} />
      <Stack gap="lg">
        <Stack gap={4}>
          <Text>{t('sandbox.intro')}</Text>
          <Text size="sm" c="dimmed">
            {t('sandbox.serverBound')}
          </Text>
        </Stack>
        <InputsSection />
        <BadgesSection />
        <TablesSection />
        <CardsSection />
        <StatesSection />
        <FiltersSection />
        <DialogsSection />
        <ToastsSection />
        <OtherSection />
      </Stack>
    </Container>
  );
}
