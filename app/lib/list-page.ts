/**
 * Server-side paging and searching of staff lists: one page size, one way to turn a search into
 * an ILIKE pattern. Pure, so the browser may import the types and the page size.
 */
export const LIST_PAGE_SIZE = 50;

export interface ListQuery {
  /** Part of a name or e-mail; empty for the whole list. */
  search?: string;
  /** 1-based page number. */
  page: number;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Rows matching the search, on every page. */
  total: number;
  page: number;
  pageCount: number;
}

/**
 * An ILIKE pattern matching values that contain `search` literally: `%`, `_` and the escape
 * character itself are escaped, so a search for '100%' or 'a_b' finds only those characters.
 */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The last page number a list may be asked for: far beyond any list we keep (50 million rows),
 * and small enough that its offset is a safe integer the database takes (a page of 1e20 asked the
 * database for an offset out of range: a 500).
 */
export const MAX_LIST_PAGE = 1_000_000;

/**
 * A page number from a query string (or a number): whole, from 1 to MAX_LIST_PAGE. Anything that
 * is not a positive number (abc, -5, Infinity, NaN) is the first page; a fraction is rounded down;
 * a number past the last page allowed is that page (which lists nothing).
 */
export function pageNumber(value: unknown): number {
  const page = Math.floor(Number(value));
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, MAX_LIST_PAGE);
}

export function offsetOf(page: number): number {
  return (pageNumber(page) - 1) * LIST_PAGE_SIZE;
}

export function listPage<Row>(rows: Row[], total: number, page: number): ListPage<Row> {
  return { rows, total, page: pageNumber(page), pageCount: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) };
}
