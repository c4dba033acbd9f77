import type { ReactNode, TableHTMLAttributes } from 'react';

/** A column of a {@link Table}: its header cell. */
export interface TableColumn {
  /** The header's text. */
  label: ReactNode;
  /** A numeric column: the header is aligned like its numbers (`numeric`). */
  numeric?: boolean;
  /** The header is for screen readers only (an actions column). */
  hidden?: boolean;
}

/** Props of {@link Table}: a native `<table>`'s, its caption, its columns and its rows. */
export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** The table's name for screen readers (a visually hidden caption); or name it with `aria-labelledby`. */
  caption?: string;
  /** The header row, one entry per column. */
  columns: readonly TableColumn[];
  /** The rows (`<tr>`s), placed in the `<tbody>`. */
  children: ReactNode;
}

/**
 * The app's data table (`data-table`): an optional visually hidden caption, one header row of
 * `scope="col"` cells from `columns`, and the rows given as children in the body. Wrap it in a
 * `.table-scroll` element where it may be wider than the page.
 */
export function Table({ caption, columns, className, children, ...rest }: TableProps) {
  return (
    <table className={['data-table', className].filter(Boolean).join(' ')} {...rest}>
      {caption !== undefined && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, never reordered
            <th key={i} scope="col" className={column.numeric ? 'numeric' : undefined}>
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
