export type Cell = string | number | null | undefined;

/** One field as RFC 4180 wants it: quoted when it holds a comma, quote, CR or LF, quotes doubled. */
export function csvField(value: Cell): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as RFC 4180 CSV: CRLF between records, a final CRLF. */
export const toCsv = (rows: readonly (readonly Cell[])[]) => rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';

/** Offers the CSV as a file download, built in the browser from the numbers already shown. */
export function downloadCsv(filename: string, rows: readonly (readonly Cell[])[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
