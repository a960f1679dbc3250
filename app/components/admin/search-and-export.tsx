import { Form, Link } from "react-router";

/**
 * A staff list's search (a GET form, so the address keeps the query and it works without
 * JavaScript), its 'Clear' link while a search is on, and the list's CSV download beside them.
 */
export function SearchAndExport(props: { id: string; label: string; searchLabel: string; search: string; clearHref: string; csvHref: string }) {
  return (
    <div className="mt-6 flex flex-wrap items-end gap-3">
      <Form method="get" role="search" aria-label={props.searchLabel} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={props.id} className="block text-sm text-sand">
            {props.label}
          </label>
          <input id={props.id} name="q" type="search" defaultValue={props.search} className="input-field mt-1.5" />
        </div>
        <button type="submit" className="button-secondary">
          Search
        </button>
        {props.search ? (
          <Link to={props.clearHref} className="button-secondary">
            Clear
          </Link>
        ) : null}
      </Form>
      <a href={props.csvHref} className="button-secondary" download>
        Export CSV
      </a>
    </div>
  );
}
