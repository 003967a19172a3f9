/** A place in Pathao's lists: a city, a zone in it, or an area in a zone. */
export interface PathaoPlace {
  id: number;
  name: string;
}

/** Where Pathao is asked to take a parcel: its city and zone, and its area when the address names one. */
export interface PathaoDestination {
  city: PathaoPlace;
  zone: PathaoPlace;
  area: PathaoPlace | null;
}

/**
 * The district names of 2018 (the store's) as Pathao's city list still spells them. Names that differ only in
 * spaces or punctuation ("Chapai Nawabganj", "Cox's Bazar") need no entry.
 */
const PATHAO_SPELLING: Record<string, string> = {
  barishal: "barisal",
  bogura: "bogra",
  chattogram: "chittagong",
  cumilla: "comilla",
  jashore: "jessore",
  jhalokati: "jhalokathi",
  netrokona: "netrakona",
};

/** A name as compared: lower case, letters and digits only. */
const squeezed = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Pathao's city for one of the store's districts, by name in either spelling; null when it has none. */
export function cityOfDistrict(cities: readonly PathaoPlace[], district: string): PathaoPlace | null {
  const name = squeezed(district);
  const alias = PATHAO_SPELLING[name];
  return cities.find((city) => [name, alias].includes(squeezed(city.name))) ?? null;
}

/** Words of a text as compared, each one space apart and one at either end: " house 12 road 3 tongi ". */
const spaced = (text: string) =>
  ` ${text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ")} `;

/**
 * The place the address names, when one does: its name as whole words in the address ("Mirpur 10" in "House 4,
 * Road 2, Mirpur 10"). Where several do, the longest name is the nearest ("Mirpur 10" before "Mirpur").
 */
export function placeNamedIn(places: readonly PathaoPlace[], address: string): PathaoPlace | null {
  const words = spaced(address);
  let best: PathaoPlace | null = null;
  for (const place of places) {
    const name = spaced(place.name);
    if (name.trim() !== "" && words.includes(name) && name.length > (best ? spaced(best.name).length : 0)) {
      best = place;
    }
  }
  return best;
}
