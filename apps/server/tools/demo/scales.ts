/** Sizes of the demo data; `--scale large` is the benchmark's history. */
export interface DemoScale {
  contractors: number;
  contracts: number;
  allocations: number;
  transports: number;
  /** Days of receipt dates before today the contracts spread over (and 45 after); 1 500 (about four years) unless set. */
  historyDays?: number;
}

export const DEFAULT_HISTORY_DAYS = 1_500;

export const SCALES: Record<string, DemoScale> = {
  small: { contractors: 60, contracts: 600, allocations: 900, transports: 3_000 },
  medium: { contractors: 500, contracts: 8_000, allocations: 15_000, transports: 100_000 },
  large: { contractors: 2_000, contracts: 40_000, allocations: 80_000, transports: 1_000_000 },
  // The large company with one year of history instead of four: the same contracts a day (40 000 over 1 545 days),
  // so the same open book, counterparties and trucks per contract. Against `large` it measures cost with history
  // alone (docs/performance.md, Growth); `small` is a smaller company.
  year: { contractors: 2_000, contracts: 10_600, allocations: 21_200, transports: 265_000, historyDays: 365 },
};

/**
 * How much larger than the base (25–3 000 t) a contract's quantity is: a history with many trucks per contract
 * (large: 25) has larger contracts, so that the allocations can carry every planned truck within their limits.
 */
export function quantityFactorOf(scale: DemoScale): number {
  return Math.max(1, Math.round(scale.transports / scale.contracts / 6));
}

export function parseDemoArgs(argv: string[]): { scale: DemoScale; scaleName: string; reset: boolean } {
  let scaleName = 'small';
  let reset = false;
  const overrides: Partial<DemoScale> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg.includes('=') ? arg.split('=')[1] : argv[i + 1];
    const takesValue = !arg.includes('=');
    if (arg.startsWith('--scale')) {
      scaleName = value ?? '';
      if (takesValue) i++;
    } else if (arg === '--reset') {
      reset = true;
    } else if (/^--(contractors|contracts|allocations|transports)/.test(arg)) {
      const key = arg.replace(/^--/, '').split('=')[0] as keyof DemoScale;
      overrides[key] = Number(value);
      if (takesValue) i++;
    } else {
      throw new Error(`Unknown argument ${arg}`);
    }
  }
  const base = SCALES[scaleName];
  if (!base) throw new Error(`Unknown scale "${scaleName}" (${Object.keys(SCALES).join(', ')})`);
  const scale = { ...base, ...overrides };
  for (const [key, count] of Object.entries(scale)) {
    if (!Number.isInteger(count) || count < 1) throw new Error(`--${key} must be a positive integer`);
  }
  return { scale, scaleName, reset };
}
