import { describe, expect, it } from 'vitest';
import { keysOfChanges, registerLiveKeys } from './registry';

describe('the live query keys', () => {
  it('names each key the changes make stale once, and none for a kind no feature registered', () => {
    registerLiveKeys({ transport: (change) => [['test-transports'], ['test-transports', 'details', change.id]] });
    registerLiveKeys({ transport: () => [['test-contracts']], allocation: () => [['test-contracts']] });
    const keys = keysOfChanges([
      { kind: 'transport', id: 1, by: 2 },
      { kind: 'transport', id: 1, by: 2 },
      { kind: 'allocation', id: 5, by: 2 },
      { kind: 'user', id: 3, by: 1 },
    ]);
    expect(keys).toEqual([['test-transports'], ['test-transports', 'details', 1], ['test-contracts']]);
  });
});
