import { Link, type To } from "react-router";
import { Button } from "./button";

/** A search form's Search button, and beside it the link that clears the search, when there is one to clear. */
export function SearchButtons({ label, clear }: { label: string; clear: { to: To; label: string } | null }) {
  return (
    <>
      <Button type="submit">{label}</Button>
      {clear ? (
        <Link to={clear.to} className="px-2 py-2 font-semibold whitespace-nowrap text-forest-700 underline">
          {clear.label}
        </Link>
      ) : null}
    </>
  );
}
