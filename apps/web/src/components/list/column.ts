import type { ReactNode } from 'react';

/** Where a column goes on a phone card (row-cards.tsx); the table and the cards share the column definition. */
export type CardPlace = 'title' | 'subtitle' | 'badge' | 'field' | 'actions';

export interface Column<T, S extends string = string> {
  key: string;
  title: ReactNode;
  /** The spec's sort key, of the list's shared sort-key union (`Column<Row, UserSortKey>`); columns without one are not sortable. */
  sortKey?: S;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Stays visible at the right edge while the table scrolls sideways (action columns). */
  sticky?: boolean;
  /** The column's name in the column chooser and on a card when the title is not plain text. */
  label?: string;
  /** Where the column goes on a phone card; columns without a place are left off the card. */
  card?: CardPlace;
  /** A different rendering on a card (the row's main action with the others in a menu). */
  cardRender?: (row: T) => ReactNode;
  /** Hidden until the user shows it in the column chooser. */
  isHiddenByDefault?: boolean;
  /** The column chooser cannot hide it (the row's name, its actions). */
  isAlwaysShown?: boolean;
}
