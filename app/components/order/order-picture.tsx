/** The ordered product's picture, at the top of an order's card (the order's page, Pay Order). */
export function OrderPicture({ order }: { order: { image: string; productName: string } }) {
  return (
    <img
      src={order.image}
      alt={order.productName}
      width={320}
      height={240}
      className="h-48 w-full rounded-md bg-paper object-contain"
    />
  );
}
