import { usePageT } from "~/i18n/use-page-t";
import { HomeSection } from "./home-section";

const clients = [
  { file: "dhaka-joinery", name: "Dhaka Joinery" },
  { file: "sylhet-timber-works", name: "Sylhet Timber Works" },
  { file: "chattogram-boatwrights", name: "Chattogram Boatwrights" },
  { file: "khulna-furniture", name: "Khulna Furniture Co." },
  { file: "rajshahi-craft-guild", name: "Rajshahi Craft Guild" },
  { file: "barishal-woodshop", name: "Barishal Woodshop" },
];

export function ClientLogos() {
  const { t } = usePageT();
  return (
    <HomeSection headingId="clients-heading" title={t("home.workshops")} className="below-the-fold">
      <ul className="mt-8 grid grid-cols-2 items-center gap-6 sm:grid-cols-3 lg:grid-cols-6">
        {clients.map((c) => (
          <li key={c.file} className="flex justify-center">
            <img
              src={`/images/clients/${c.file}.svg`}
              alt={c.name}
              width={240}
              height={96}
              loading="lazy"
              className="h-auto w-full max-w-40"
            />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
