import { useMatches } from "react-router";

const titles: Record<string, { title: string; issue: string }> = {
  "dashboard-addproduct": { title: "Add Product", issue: "catalog management" },
  "dashboard-manageproduct": { title: "Manage Products", issue: "catalog management" },
};

/** Dashboard pages whose features are still being built say so, instead of pretending to work. */
export default function ComingSoon() {
  const id = useMatches().at(-1)?.id ?? "";
  const page = titles[id] ?? { title: "This page", issue: "an upcoming release" };
  return (
    <section>
      <h2 className="text-xl font-semibold text-wood-900">{page.title}</h2>
      <p className="mt-3 rounded-md bg-wood-100 px-4 py-3 text-stone-700">
        Coming soon: this page opens with {page.issue}.
      </p>
    </section>
  );
}
