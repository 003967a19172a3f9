/** Spec §9: order quantities move in steps of 20 pieces. */
export const QUANTITY_STEP = 20;
