import { APP_VERSION } from '@grain/shared';
import { AppShell, Avatar, Burger, Group, Image, Menu, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustments,
  IconArrowsExchange,
  IconBuildingFactory2,
  IconBuildingStore,
  IconChartBar,
  IconChevronRight,
  IconCurrencyEuro,
  IconFileImport,
  IconFileInvoice,
  IconFileText,
  IconLogout,
  IconReceipt,
  IconReceipt2,
  IconReceiptTax,
  IconTruck,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { confirmAction } from '../../components/form/confirm';
import { ForcedPasswordChange } from '../../features/account';
import { KeyboardShortcuts } from '../../features/command-palette';
import { LiveUpdates } from '../../lib/live/live-updates';
import { useStartupDictionaries } from '../dictionaries';
import { FullPageLoader } from '../guards';
import { useSession } from '../session';

interface MenuEntry {
  label: string;
  to: string;
  icon: ReactNode;
  children?: { label: string; to: string }[];
  isAdminOnly?: boolean;
}

function useMenu(): MenuEntry[] {
  const { t } = useTranslation();
  return [
    { label: t('nav.positions'), to: '/positions', icon: <IconChartBar size={18} /> },
    { label: t('nav.contractors'), to: '/contractor-list', icon: <IconBuildingStore size={18} /> },
    {
      label: t('nav.contracts'),
      to: '/contract',
      icon: <IconFileText size={18} />,
      children: [
        { label: t('nav.saleContracts'), to: '/contract/sale-list' },
        { label: t('nav.purchaseContracts'), to: '/contract/purchase-list' },
      ],
    },
    { label: t('nav.allocations'), to: '/allocations', icon: <IconArrowsExchange size={18} /> },
    { label: t('nav.logistics'), to: '/logistics', icon: <IconTruck size={18} /> },
    { label: t('nav.transactionStatement'), to: '/transaction-statement', icon: <IconReceipt size={18} /> },
    { label: t('nav.invoices'), to: '/invoices', icon: <IconFileInvoice size={18} /> },
    { label: t('nav.rrInvoices'), to: '/rr-invoices', icon: <IconReceiptTax size={18} /> },
    { label: t('nav.receivedInvoices'), to: '/received-invoices', icon: <IconFileImport size={18} /> },
    { label: t('nav.users'), to: '/users', icon: <IconUsers size={18} />, isAdminOnly: true },
    // The cargo parameters screen is reachable from the menu.
    { label: t('nav.cargoParams'), to: '/cargo-params', icon: <IconAdjustments size={18} />, isAdminOnly: true },
    // Not ADMIN only: whoever issues a EUR/USD invoice keeps the NBP rate it needs (RULES.md Invoices, VAT and KSeF).
    { label: t('nav.exchangeRates'), to: '/exchange-rates', icon: <IconCurrencyEuro size={18} /> },
    { label: t('nav.priceLists'), to: '/price-lists', icon: <IconReceipt2 size={18} /> },
    {
      label: t('nav.companySettings'),
      to: '/settings/company',
      icon: <IconBuildingFactory2 size={18} />,
      isAdminOnly: true,
    },
  ];
}

function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  return (
    <nav aria-label={t('a11y.mainMenu')}>
      {useMenu()
        .filter((entry) => !entry.isAdminOnly || user?.role === 'ADMIN')
        .map((entry) =>
          entry.children ? (
            <NavLink
              key={entry.to}
              label={entry.label}
              leftSection={entry.icon}
              defaultOpened={isActive(entry.to)}
              active={isActive(entry.to)}
              variant="subtle"
            >
              {entry.children.map((child) => (
                <NavLink
                  key={child.to}
                  component={Link}
                  to={child.to}
                  label={child.label}
                  active={isActive(child.to)}
                  onClick={onNavigate}
                />
              ))}
            </NavLink>
          ) : (
            <NavLink
              key={entry.to}
              component={Link}
              to={entry.to}
              label={entry.label}
              leftSection={entry.icon}
              active={isActive(entry.to)}
              onClick={onNavigate}
            />
          ),
        )}
    </nav>
  );
}

function UserBlock({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  if (!user) return null;
  const askLogout = async () => {
    if (
      await confirmAction({
        title: t('auth.logoutTitle'),
        message: t('auth.logoutConfirm'),
        confirmLabel: t('nav.logout'),
      })
    ) {
      await logout();
    }
  };
  return (
    <Menu position="top-start" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton w="100%" p="xs" style={{ borderRadius: 8 }} data-testid="user-block">
          <Group gap="sm" wrap="nowrap">
            <Avatar color="green" radius="xl">
              {user.firstName.charAt(0)}
              {user.lastName.charAt(0)}
            </Avatar>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {user.firstName} {user.lastName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </div>
            <IconChevronRight size={16} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/my-account" leftSection={<IconUser size={16} />} onClick={onNavigate}>
          {t('nav.myAccount')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={askLogout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/positions" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap="xs">
        <Image src="/logo.svg" w={28} h={28} alt="" />
        <Text fw={700}>{t('common.appName')}</Text>
      </Group>
    </Link>
  );
}

/** Side navigation on desktop; top bar with a burger and a mobile menu otherwise (spec/1 section 2). */
export function AppLayout() {
  const { t } = useTranslation();
  const [isOpened, { toggle, close }] = useDisclosure(false);
  const { user } = useSession();
  useStartupDictionaries();

  return (
    <AppShell
      header={{ height: 56, collapsed: false }}
      // Skip link target: the first Tab on a page offers to jump past the menu (WCAG 2.4.1).
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !isOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <a href="#main-content" className="skip-link">
          {t('a11y.skipToContent')}
        </a>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={isOpened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('nav.openMenu')} />
            <Logo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t('common.version', { version: APP_VERSION })}
            </Text>
            {user && !user.passwordExpired && <KeyboardShortcuts />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          {user && !user.passwordExpired && <SideMenu onNavigate={close} />}
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <UserBlock onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      {user && !user.passwordExpired && <LiveUpdates userId={user.id} />}
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        {user?.passwordExpired ? (
          <ForcedPasswordChange />
        ) : (
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
