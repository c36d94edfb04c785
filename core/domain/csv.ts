/**
 * CSV as RFC 4180 writes it, for the spreadsheets residents and reporters open exports in:
 * every field quoted when it holds a comma, quote or line break; CRLF between records.
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe, so a transcript line like "=HYPERLINK(...)" stays text (CSV injection).
 */
export type CsvCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(cell).join(',')}\r\n`;
}
