/** The JSON shapes of the store's API (spec §3 field names; money in Tk). Shared by server and screens. */
export interface ProductJson {
  _id: string;
  name: string;
  image: string;
  price: number;
  minimumQuantity: number;
  Availability: number;
  desc: string;
  details: string;
}

export interface ReviewJson {
  _id: string;
  name: string;
  place: string;
  rating: number;
  comment: string;
}
