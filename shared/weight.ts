/** The heaviest piece a product may weigh, in grams: no hand tool comes near it, and every parcel's charge stays exact. */
export const MAX_WEIGHT_GRAMS = 100_000;
