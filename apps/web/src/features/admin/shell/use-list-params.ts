import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useCursorPages } from './cursor-pages';
import type { Pager } from './Pager';

type PagerProps = Parameters<typeof Pager>[0];

interface ListParamsOptions<F extends string> {
  /** The filters kept in the address (`?name=value`), in the form's order. */
  filters: readonly F[];
  pageSize: number;
  /** `cursor`: lists that page by keyset (next_cursor); `page`: `?page=n` in the address. */
  paging: 'cursor' | 'page';
  /** A filter's value when the address has none (left out of the address when chosen). */
  defaults?: Partial<Record<F, string>>;
  /** The values a filter may take; another one in the address reads as its default. */
  choices?: Partial<Record<F, readonly string[]>>;
}

/**
 * The state of a console list, kept in the address so a filtered list can be shared: the filters
 * (a draft while the form is edited, applied on submit, trimmed, empty ones left out), the page
 * (`?page=` or the cursors seen so far: new filters start again at the first), and the Pager's props.
 */
export function useListParams<F extends string>({ filters: names, pageSize, paging, defaults = {}, choices = {} }: ListParamsOptions<F>) {
  const [params, setParams] = useSearchParams();
  const read = (name: F) => {
    const value = params.get(name) ?? '';
    const fallback = defaults[name] ?? '';
    const allowed = choices[name];
    return !value || (allowed && !allowed.includes(value)) ? fallback : value;
  };
  const values = Object.fromEntries(names.map((name) => [name, read(name)])) as Record<F, string>;
  const [draft, setDraft] = useState(values);
  const cursors = useCursorPages(JSON.stringify(values));
  const page = paging === 'cursor' ? cursors.page : Number(params.get('page') ?? 0) || 0;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of names) {
      const value = draft[name].trim();
      if (value && value !== defaults[name]) next.set(name, value);
    }
    setParams(next);
  };
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('page', String(next));
      return copy;
    });

  return {
    /** The applied filters, '' when unset. */
    values,
    /** The applied filters as the API's query: unset ones absent, plus the page's position. */
    query: {
      ...(paging === 'cursor' ? { page_size: pageSize, cursor: cursors.cursor } : { page, page_size: pageSize }),
      ...(Object.fromEntries(names.map((name) => [name, values[name] || undefined])) as Record<F, string | undefined>),
    },
    apply,
    /** A form control's value and change handler, for the draft of filter `name`. */
    field: (name: F) => ({
      value: draft[name],
      onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
    }),
    /** The Pager under the list, once its first answer is in. */
    pager: (answer: { items: unknown[]; total: number; total_is_lower_bound?: boolean; next_cursor?: string | null }): PagerProps =>
      paging === 'page'
        ? { page, pageSize, total: answer.total, onPage: setPage }
        : {
            page,
            pageSize,
            total: answer.total,
            totalIsLowerBound: answer.total_is_lower_bound ?? false,
            hasNext: Boolean(answer.next_cursor),
            position: cursors.position,
            shown: answer.items.length,
            onPage: (next) =>
              next > page && answer.next_cursor ? cursors.next(answer.next_cursor, answer.items.length) : cursors.previous(),
          },
  };
}
