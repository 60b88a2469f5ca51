import { describe, expect, it } from 'vitest';
import { isAwaitingRows } from './use-list-query';

describe('isAwaitingRows', () => {
  const rows = { list: [] };
  it('waits for the first page and for another page, filter or sort (the previous rows dimmed)', () => {
    expect(isAwaitingRows({ isFetching: true, isPlaceholderData: false, data: undefined })).toBe(true);
    expect(isAwaitingRows({ isFetching: true, isPlaceholderData: true, data: rows })).toBe(true);
  });
  it('does not wait while the rows on screen are fetched again (a colleague’s change), nor when all is in', () => {
    expect(isAwaitingRows({ isFetching: true, isPlaceholderData: false, data: rows })).toBe(false);
    expect(isAwaitingRows({ isFetching: false, isPlaceholderData: false, data: rows })).toBe(false);
  });
});
