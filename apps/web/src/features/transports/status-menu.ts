import { TRANSPORT_STATUS_TRANSITIONS, type TransportStatus } from '@grain/shared';

/**
 * The inline status change (spec/1 section 4 Status-button changes; RULES.md Transports). ON_THE_WAY -> DELIVERED
 * goes through the delivered modal, NEW -> ON_THE_WAY through the server's check; every other change is
 * confirmed first. DELIVERED, RETURN_TO_CLIENT and CANCELLED offer nothing.
 */
export type StatusStep = 'checkOnTheWay' | 'deliver' | 'confirm';

export interface StatusChoice {
  status: TransportStatus;
  step: StatusStep;
}

/** Forward moves first, then going back and cancelling. */
const ORDER: readonly TransportStatus[] = ['ON_THE_WAY', 'DELIVERED', 'RETURN_TO_CLIENT', 'NEW', 'CANCELLED'];

export function statusChoices(status: TransportStatus): StatusChoice[] {
  const targets = new Set<TransportStatus>(TRANSPORT_STATUS_TRANSITIONS[status]);
  if (status === 'ON_THE_WAY') targets.add('DELIVERED');
  return ORDER.filter((target) => targets.has(target)).map((target) => ({
    status: target,
    step: target === 'ON_THE_WAY' ? 'checkOnTheWay' : target === 'DELIVERED' ? 'deliver' : 'confirm',
  }));
}
