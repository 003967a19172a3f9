-- The gate an order passes before it takes stock (server/orders/sql/order-gate.ts, decision 0049), called from
-- inside the order's own statement so that placing an order is one round trip. Each statement of a volatile
-- function reads a fresh snapshot under READ COMMITTED, so the count after the buyer's lock sees every order of
-- theirs committed while this one waited, which a subquery of the calling statement (its snapshot taken before any
-- wait) would not. Locks, in the order every stock move takes them: the buyer's row (their orders queue, no one
-- else's), then the products' rows in id order (decision 0033: a product's row is the lock of its variants).
-- Refuses with SQLSTATE RD001 when the buyer's account is gone, RD002 when they hold p_max_open open orders (open:
-- unpaid, or cash on delivery the shop has not confirmed, as server/orders/sql/insert-order.ts `openOrder`).
-- Answers what the buyer's open orders hold of each of p_variants.
CREATE FUNCTION order_gate(p_buyer text, p_max_open integer, p_products uuid[], p_variants uuid[])
RETURNS TABLE (variant_id uuid, held integer) LANGUAGE plpgsql VOLATILE
-- Its statements' plans do not depend on the values: planned once per connection, not on every order.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  open_orders integer;
BEGIN
  PERFORM 1 FROM "user" u WHERE u.id = p_buyer FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the buyer''s account is gone' USING ERRCODE = 'RD001';
  END IF;
  SELECT count(*) INTO open_orders FROM "order" o
  WHERE o.buyer_id = p_buyer AND (o.status = 'unpaid' OR (o.status = 'cod' AND o.confirmed_at IS NULL));
  IF open_orders >= p_max_open THEN
    RAISE EXCEPTION 'the buyer holds % open orders', open_orders USING ERRCODE = 'RD002';
  END IF;
  PERFORM 1 FROM product p WHERE p.id = ANY (p_products) ORDER BY p.id FOR NO KEY UPDATE;
  RETURN QUERY
    SELECT w.id, coalesce((
      SELECT sum(l.quantity)::integer FROM order_line l JOIN "order" o ON o.id = l.order_id
      WHERE o.buyer_id = p_buyer AND l.variant_id = w.id
        AND (o.status = 'unpaid' OR (o.status = 'cod' AND o.confirmed_at IS NULL))
    ), 0)
    FROM unnest(p_variants) AS w(id);
END;
$$;
