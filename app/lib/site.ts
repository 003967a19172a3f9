/** Demo contact details: the number uses an operator code (010) that no Bangladeshi network assigns. */
export const site = {
  name: "Randa",
  tagline: "Hand tools for woodworkers and carpenters",
  hotline: "+880 1000-000000",
  hotlineHref: "tel:+8801000000000",
  email: "hello@randa.example",
  address: "House 00, Road 00, Dhanmondi, Dhaka 1209",
  copyrightYear: 2022,
};

export function pageTitle(title?: string): string {
  return title ? `${title} | ${site.name}` : `${site.name} | ${site.tagline}`;
}
