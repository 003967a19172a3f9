import { productJson, reviewJson } from "@server/api/serialize";
import { listProducts } from "@server/domain/catalog";
import { listReviews } from "@server/domain/reviews";
import { About } from "~/components/home/about";
import { ClientLogos } from "~/components/home/client-logos";
import { FeaturedProducts } from "~/components/home/featured-products";
import { Hero } from "~/components/home/hero";
import { Stats } from "~/components/home/stats";
import { Testimonials } from "~/components/home/testimonials";
import { WhyChooseUs } from "~/components/home/why-choose-us";
import { languageOf } from "~/i18n/languages";
import { expoItems } from "~/lib/expo.server";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const [products, reviews] = await Promise.all([listProducts(context.db), listReviews(context.db, 6)]);
  const expo = expoItems[languageOf(request)];
  return { products: products.map(productJson), reviews: reviews.map(reviewJson), expo };
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
