/**
 * A list a page asked for, as a table: its rows; a line saying it is empty; or, when the field
 * came back null with an error, what is missing and why, in its place.
 */
import type { ReactNode } from 'react';
import type { GatewayError } from '../errors';
import { Unavailable } from './Status';

/** A column header; numbers are right-aligned. */
export type Column = string | { label: string; numeric: true };

export const numeric = (label: string): Column => ({ label, numeric: true });

export function ListTable<T>(props: {
  /** What the list is, for the note when it is missing: "Balances". */
  what: string;
  items: readonly T[] | null | undefined;
  /** The errors under this field (see `scope`). */
  errors: readonly GatewayError[];
  empty: string;
  columns: readonly Column[];
  row: (item: T) => ReactNode;
  className?: string;
}) {
  if (!props.items) return <Unavailable what={props.what} errors={props.errors} />;
  if (!props.items.length) return <p className="muted empty">{props.empty}</p>;
  return (
    <table className={props.className} aria-label={props.what}>
      <thead>
        <tr>
          {props.columns.map((c) =>
            typeof c === 'string' ? (
              <th key={c}>{c}</th>
            ) : (
              <th key={c.label} className="num">
                {c.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{props.items.map(props.row)}</tbody>
    </table>
  );
}
