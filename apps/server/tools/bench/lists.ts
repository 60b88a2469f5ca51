/** The list calls the benchmark measures: each with its default sort and a sort on a joined column. */
export interface ListBench {
  name: string;
  path: string;
  /** Sort by a column of another table (a join the query must do before paging). */
  joinedSort: string;
  /** A narrowing filter and a search term for the "filtered + searched" page. */
  filter: Record<string, unknown>;
  search: string;
  /** Filter always sent (tabs, the contract lists' defaults). */
  baseFilter?: Record<string, unknown>;
}

const contractDefaults = { contractStatus: ['NEW', 'ACTIVE'], rawMaterialId: 1 };

export const LIST_BENCHES: ListBench[] = [
  { name: 'users', path: '/profile/list', joinedSort: 'email', filter: { active: true }, search: 'han' },
  { name: 'contractors', path: '/dictionary/contractor/list', joinedSort: 'name', filter: {}, search: 'agro' },
  {
    name: 'purchase contracts',
    path: '/contract/get-purchase-list',
    joinedSort: 'supplier_code',
    baseFilter: contractDefaults,
    filter: { isGmp: true },
    search: 'ZK/2025',
  },
  {
    name: 'sales contracts',
    path: '/contract/get-sales-list',
    joinedSort: 'recipient_code',
    baseFilter: contractDefaults,
    filter: { isCert: true },
    search: 'SP/2025',
  },
  {
    name: 'allocations to assign',
    path: '/transport/get-to-assign-list',
    joinedSort: 'purchase_supplier_code',
    filter: { salesIsGmp: true },
    search: 'KTR0',
  },
  ...(['all', 'active', 'delivered'] as const).map((tab) => ({
    name: `transports ${tab}`,
    path: '/transport/list',
    joinedSort: 'carrier_name',
    baseFilter: { tab },
    filter: { purchaseIsGmp: false },
    search: 'PO',
  })),
  {
    name: 'transaction statement',
    path: '/settlement/transaction-list',
    joinedSort: 'contractor_code',
    filter: { type: 'to_settlement' },
    search: 'KTR00',
  },
];
