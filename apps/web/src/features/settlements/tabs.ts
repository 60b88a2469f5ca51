/** spec/1 section 2: /transaction-statement/{tab}; an unknown or missing tab redirects to all. */
export const STATEMENT_TABS = ['all', 'sales', 'purchase', 'transport'] as const;
export type StatementTab = (typeof STATEMENT_TABS)[number];

export function isStatementTab(value: string | undefined): value is StatementTab {
  return (STATEMENT_TABS as readonly string[]).includes(value ?? '');
}
