// What the rest of the store may use of carts: everything else in server/cart/ is its own.
export * from "./cart";
export { CART_COOKIE } from "./cart-cookie";
export { cartCalls } from "./routes";
export { cartJson, type CartJson } from "./wire";
