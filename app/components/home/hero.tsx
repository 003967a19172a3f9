export function Hero() {
  return (
    <section className="bg-wood-100/60">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16">
        <div>
          <p className="text-sm font-bold tracking-wider text-forest-700 uppercase">
            Woodworking &amp; carpentry tools
          </p>
          <h1 className="mt-3 text-3xl leading-tight font-extrabold text-wood-900 sm:text-5xl">
            Hand tools that hold an edge, for workshops that build to last
          </h1>
          <p className="mt-4 max-w-prose text-stone-700">
            Chisels, planes, saws, gauges and clamps for carpenters, joiners and furniture makers across Bangladesh,
            priced per piece in taka and sold in trade quantities.
          </p>
          <a
            href="#products"
            className="mt-6 inline-block rounded-md bg-forest-700 px-6 py-3 font-semibold text-white hover:bg-forest-800"
          >
            See the tools
          </a>
        </div>
        <img
          src="/images/hero.svg"
          alt="A workbench with chisels, a plane, a saw and a mallet"
          width={1200}
          height={700}
          fetchPriority="high"
          className="h-auto w-full rounded-xl"
        />
      </div>
    </section>
  );
}
