import { Link, useLocation } from "react-router";

/** Server-side paging links that keep the rest of the query (search, filters). */
export function Pager(props: { page: number; pageCount: number; param?: string; label: string }) {
  const location = useLocation();
  const param = props.param ?? "page";
  if (props.pageCount <= 1) return null;
  const hrefFor = (page: number) => {
    const query = new URLSearchParams(location.search);
    query.set(param, String(page));
    return `${location.pathname}?${query.toString()}`;
  };
  return (
    <nav aria-label={props.label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {props.page > 1 ? (
        <Link to={hrefFor(props.page - 1)} className="text-amber underline underline-offset-4" preventScrollReset>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-mist">
        Page {props.page} of {props.pageCount}
      </span>
      {props.page < props.pageCount ? (
        <Link to={hrefFor(props.page + 1)} className="text-amber underline underline-offset-4" preventScrollReset>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
