import { useT } from "~/i18n/use-t";
import type { TextKey } from "~/i18n/translator";
import { Link } from "react-router";

/** An unknown order, or one that is not the viewer's: said inside the dashboard, with the way back to My Orders. */
export function OrderNotFound({ title, said, back }: { title: TextKey; said: TextKey; back: TextKey }) {
  const { t } = useT();
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{t(title)}</h2>
      <p className="mt-4 rounded-md bg-wood-100 px-4 py-3 text-stone-700">
        {t(said)}{" "}
        <Link to="/dashboard/orders" className="font-semibold text-forest-700 underline">
          {t(back)}
        </Link>
      </p>
    </section>
  );
}
