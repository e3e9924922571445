/** A spreadsheet table of the archive: a header row and its rows, in the header's order. */
export interface CsvTable {
  columns: readonly string[];
  rows: readonly (readonly CsvValue[])[];
}
export type CsvValue = string | number | boolean | null;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a text cell a spreadsheet would run as a formula gets a leading apostrophe (shown as
 * text, nothing runs); numbers stay numbers (a negative coin movement is not a formula). Then RFC
 * 4180 quoting: a cell with a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's bytes: UTF-8 with a byte-order mark (Excel reads it as UTF-8 then), CRLF line ends (RFC 4180). */
export function csvBytes(table: CsvTable): Buffer {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
