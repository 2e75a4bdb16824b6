import { withQuery } from "../router.ts";
import { formatInteger } from "../format.ts";

/** Paging of a list whose page is in the URL (`?page=`); page 1 is the address without it. */
export function Pager({ page, pages, total, noun }: { page: number; pages: number; total: number; noun: string }) {
  const to = (p: number) => withQuery({ page: p === 1 ? null : String(p) });
  return (
    <nav class="pager" aria-label={`Pages of ${noun}`}>
      <span data-total={total}>
        {formatInteger(total)} {noun}
        {pages > 1 && ` · page ${formatInteger(page)} of ${formatInteger(pages)}`}
      </span>
      {page > 1 && (
        <a href={to(page - 1)} rel="prev">
          Previous page
        </a>
      )}
      {page < pages && (
        <a href={to(page + 1)} rel="next">
          Next page
        </a>
      )}
    </nav>
  );
}
