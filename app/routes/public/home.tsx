import { featuredProducts } from "@server/catalog";
import { testimonials } from "@server/reviews";
import { About } from "~/components/home/about";
import { ClientLogos } from "~/components/home/client-logos";
import { FeaturedProducts } from "~/components/home/featured-products";
import { Hero } from "~/components/home/hero";
import { Stats } from "~/components/home/stats";
import { Testimonials } from "~/components/home/testimonials";
import { WhyChooseUs } from "~/components/home/why-choose-us";
import { languageOf } from "@shared/languages";
import { expoItems } from "~/lib/expo.server";
import { load } from "~/door/page-door.server";
import { reviewView, visitorProductView } from "~/door/views.server";
import { noHydration } from "~/lib/hydration";
import { pageTitle } from "~/lib/site";
import type { Route } from "./+types/home";

export const handle = noHydration;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  {
    name: "description",
    content:
      "Randa sells woodworking and carpentry hand tools in Bangladesh: chisels, planes, saws, mallets, gauges and clamps, priced in taka.",
  },
];

export async function loader(args: Route.LoaderArgs) {
  const [products, reviews] = await load(args, (ctx) => Promise.all([featuredProducts(ctx), testimonials(ctx)]));
  const language = languageOf(args.request);
  return {
    products: products.map((p) => visitorProductView(p, language)),
    reviews: reviews.map(reviewView),
    expo: expoItems[language],
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <Hero />
      <FeaturedProducts products={loaderData.products} />
      <About />
      <WhyChooseUs items={loaderData.expo} />
      <Stats />
      <Testimonials reviews={loaderData.reviews} />
      <ClientLogos />
    </main>
  );
}
