import { site } from "~/lib/site";

export function About() {
  return (
    <section aria-labelledby="about-heading" className="bg-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold text-wood-900">
            About Randa
          </h2>
          <p className="mt-4 leading-relaxed text-stone-700">
            We supply hand tools to carpenters, boat builders and furniture workshops. Every tool we list is one we
            would put on our own bench: steel that takes and keeps an edge, handles that fit the hand, and castings that
            are flat where they need to be.
          </p>
          <p className="mt-3 leading-relaxed text-stone-700">
            Questions about a tool, an order or a delivery? Our hotline is open from 9 am to 8 pm, Saturday to Thursday.
          </p>
          <p className="mt-5 text-lg font-semibold text-wood-900">
            Hotline:{" "}
            <a href={site.hotlineHref} className="text-forest-700 underline">
              {site.hotline}
            </a>
          </p>
        </div>
        <figure>
          <video
            controls
            preload="none"
            playsInline
            poster="/media/workshop-poster.webp"
            width={640}
            height={360}
            className="h-auto w-full rounded-xl bg-wood-100"
            aria-label="A short film of the tools in our workshop"
          >
            <source src="/media/workshop.webm" type="video/webm" />
          </video>
          <figcaption className="mt-2 text-sm text-stone-600">A look around the tools we stock.</figcaption>
        </figure>
      </div>
    </section>
  );
}
