import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth, RequireRole } from './guards';
import { AppLayout } from './layouts/app-layout';
import { LoginLayout } from './layouts/login-layout';
import { RootLayout } from './root-layout';

/** Screens load on demand, each in its own chunk. */
const page = (load: () => Promise<{ Page: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Page }),
});

/** One module per contract screen serves both sides; each side is a named export. */
const contractPages = {
  list: () => import('../features/contracts/pages/contract-list-page'),
  create: () => import('../features/contracts/pages/contract-create-page'),
  dashboard: () => import('../features/contracts/pages/contract-dashboard-page'),
};
async function contractPage(screen: keyof typeof contractPages, name: string) {
  const module = (await contractPages[screen]()) as unknown as Record<string, React.ComponentType>;
  return { Page: module[name]! };
}

/** spec/1 section 2: the logistics page redirects an unknown or missing tab to all. */
export { TRANSPORT_TABS as LOGISTICS_TABS } from '@grain/shared';
export { STATEMENT_TABS } from '../features/settlements/tabs';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <LoginLayout />,
            children: [{ path: '/login', ...page(() => import('../features/auth/pages/login-page')) }],
          },
        ],
      },
      {
        element: <LoginLayout />,
        children: [{ path: '/reset-password', ...page(() => import('../features/auth/pages/reset-password-page')) }],
      },
      { path: '/404', ...page(() => import('../features/auth/pages/not-found-page')) },
      // spec/1 section 2: the component showcase, for guests and signed-in users alike, in a chunk of its own.
      { path: '/sandbox', ...page(() => import('../features/sandbox/pages/sandbox-page')) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/positions', ...page(() => import('../features/positions/pages/positions-page')) },
              { path: '/positions/:id', ...page(() => import('../features/positions/pages/position-details-page')) },
              { path: '/allocations', ...page(() => import('../features/allocations/pages/allocations-page')) },
              { path: '/contract', element: <Navigate to="/contract/sale-list" replace /> },
              { path: '/contract/purchase-list', ...page(() => contractPage('list', 'PurchaseListPage')) },
              { path: '/contract/purchase-list/form', ...page(() => contractPage('create', 'PurchaseCreatePage')) },
              {
                path: '/contract/purchase-list/dashboard/:id/:tab',
                ...page(() => contractPage('dashboard', 'PurchaseDashboardPage')),
              },
              { path: '/contract/sale-list', ...page(() => contractPage('list', 'SalesListPage')) },
              { path: '/contract/sale-list/form', ...page(() => contractPage('create', 'SalesCreatePage')) },
              {
                path: '/contract/sale-list/allocation/:id',
                ...page(() => import('../features/allocations/pages/sale-allocation-page')),
              },
              {
                path: '/contract/sale-list/dashboard/:id/:tab',
                ...page(() => contractPage('dashboard', 'SalesDashboardPage')),
              },
              {
                path: '/contractor-list',
                ...page(() => import('../features/contractors/pages/contractors-list-page')),
              },
              {
                path: '/contractor-list/form',
                ...page(() => import('../features/contractors/pages/contractor-form-page')),
              },
              {
                path: '/contractor-list/form/:id',
                ...page(() => import('../features/contractors/pages/contractor-form-page')),
              },
              { path: '/cargo-params', ...page(() => import('../features/cargo/pages/cargo-params-page')) },
              {
                path: '/exchange-rates',
                ...page(() => import('../features/exchange-rates/pages/exchange-rates-page')),
              },
              { path: '/price-lists', ...page(() => import('../features/price-lists/pages/price-lists-page')) },
              { path: '/my-account', ...page(() => import('../features/account/pages/my-account-page')) },
              { path: '/logistics', element: <Navigate to="/logistics/all" replace /> },
              { path: '/logistics/:tab', ...page(() => import('../features/transports/pages/logistics-page')) },
              { path: '/invoices', ...page(() => import('../features/invoices/pages/invoices-list-page')) },
              { path: '/invoices/:id', ...page(() => import('../features/invoices/pages/invoice-details-page')) },
              { path: '/rr-invoices', ...page(() => import('../features/rr-invoices/pages/rr-invoices-list-page')) },
              {
                path: '/received-invoices',
                ...page(() => import('../features/received-invoices/pages/received-invoices-page')),
              },
              {
                path: '/rr-invoices/:id',
                ...page(() => import('../features/rr-invoices/pages/rr-invoice-details-page')),
              },
              { path: '/transaction-statement', element: <Navigate to="/transaction-statement/all" replace /> },
              {
                path: '/transaction-statement/:tab',
                ...page(() => import('../features/settlements/pages/statement-page')),
              },
              { path: '/forbidden', ...page(() => import('../features/auth/pages/forbidden-page')) },
              {
                element: <RequireRole requiredRole="ADMIN" />,
                children: [
                  { path: '/users', ...page(() => import('../features/users/pages/users-list-page')) },
                  { path: '/users/form/:id', ...page(() => import('../features/users/pages/user-edit-page')) },
                  { path: '/user/create', ...page(() => import('../features/users/pages/user-create-page')) },
                  {
                    path: '/settings/company',
                    ...page(() => import('../features/company-settings/pages/company-settings-page')),
                  },
                ],
              },
            ],
          },
        ],
      },
      // Any unknown path goes to login, for guests and signed-in users alike (login sends the latter on).
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
