import '../i18n';
import { Center, Loader, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ContractStatusBadge } from '../../../components/status-badges';
import { useContractDashboard } from '../api';
import { DetailsTab } from '../components/details-tab';
import { RealizationTab } from '../components/realization-tab';
import { AgreementStatusMenu, ContractStatusMenu } from '../components/status-menus';
import { TransportTab } from '../components/transport-tab';
import { contractName } from '../contract-view';
import {
  type ContractSide,
  DASHBOARD_TABS,
  type DashboardTab,
  dashboardPath,
  PURCHASE_SIDE,
  SALES_SIDE,
} from '../side';

const isTab = (tab: string | undefined): tab is DashboardTab =>
  (DASHBOARD_TABS as readonly string[]).includes(tab ?? '');

function Dashboard({ side, id, tab }: { side: ContractSide; id: number; tab: DashboardTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dashboard = useContractDashboard(side, id);
  const contract = dashboard.data;
  const listTitle = t(`${side.i18n}.title`);
  const name = contract ? contractName(contract) : '';

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('nav.home'), to: '/positions' },
          { label: listTitle, to: side.listPath },
          { label: name || t('common.loading') },
        ]}
        title={name || listTitle}
        badge={contract && <ContractStatusBadge status={contract.status} />}
        actions={
          contract && (
            <>
              <ContractStatusMenu
                side={side}
                id={contract.id}
                documentNumber={contract.documentNumber}
                status={contract.status}
                isInHeader
              />
              <AgreementStatusMenu
                side={side}
                id={contract.id}
                documentNumber={contract.documentNumber}
                agreementStatus={contract.agreementStatus}
                isInHeader
              />
            </>
          )
        }
      />
      <Tabs value={tab} onChange={(next) => next && navigate(dashboardPath(side, id, next as DashboardTab))} mb="md">
        <Tabs.List>
          {DASHBOARD_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`contracts.dashboard.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {!contract ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : tab === 'realization' ? (
        <RealizationTab side={side} contract={contract} />
      ) : tab === 'details' ? (
        <DetailsTab side={side} contract={contract} />
      ) : (
        <TransportTab side={side} id={contract.id} />
      )}
    </>
  );
}

/** /contract/{purchase|sale}-list/dashboard/{id}/{tab}; an unknown tab opens the realization tab. */
function ContractDashboardPage({ side }: { side: ContractSide }) {
  const params = useParams();
  const id = Number(params.id);
  if (!(Number.isInteger(id) && id > 0)) return <Navigate to="/404" replace />;
  if (!isTab(params.tab)) return <Navigate to={dashboardPath(side, id)} replace />;
  return <Dashboard side={side} id={id} tab={params.tab} />;
}

export const PurchaseDashboardPage = () => <ContractDashboardPage side={PURCHASE_SIDE} />;
export const SalesDashboardPage = () => <ContractDashboardPage side={SALES_SIDE} />;
