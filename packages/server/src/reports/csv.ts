/**
 * CSV files of the reports (RFC 4180): every field quoted (a quote inside doubled), records ended by
 * CRLF, the text in UTF-8 behind a byte order mark so spreadsheet programs (Excel) read Chinese and
 * other non-Latin names correctly. A text field that a spreadsheet would take for a formula — one
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP "CSV Injection") — gets a
 * leading `'`, so it is shown as text and never run.
 */

/** The byte order mark that starts every CSV file of the reports. */
export const CSV_BOM = '\uFEFF';

/** The characters that make a spreadsheet read a cell as a formula when they start it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: a number as its decimal text, a string guarded against formula injection (see the
 * module comment), both in double quotes with inner quotes doubled.
 *
 * @example csvField('=1+1') // "\"'=1+1\""
 */
export function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A whole CSV file: the byte order mark, then one record per row (the first is the header), each
 * ended by CRLF.
 *
 * @example csvDocument([['a', 'b'], [1, 2]]) // '\uFEFF"a","b"\r\n"1","2"\r\n'
 */
export function csvDocument(rows: readonly (readonly (string | number)[])[]): string {
  return CSV_BOM + rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
