-- The stock an order takes, taken in one PL/pgSQL function (server/orders/sql/take-stock.ts, decision 0054) that
-- the order's statement calls first: the gate of 0024, then every line's variant and product read, held to its
-- rules and its stock taken by a statement whose snapshot is taken after the locks. The order's statement itself
-- took its snapshot before it waited at the gate; a product row reached through that snapshot after the gate had
-- locked the row's newest version could be an older one whose tuple lock another waiter held while it waited for
-- this order: a deadlock (seen by checkout-races on PostgreSQL). Here every row is read as it is now.
--
-- p_lines: a JSON array of lines, each {position, product_id, variant_id (null: the product's only live variant),
-- quantity} and, when the caller read the line before (the checkout reckoned its delivery charge from it), the
-- values it read: sku, product_options, variant_options, price_poisha, weight_grams; a line that no longer matches
-- them is not taken. Every line or none: answers the lines taken in position order with the goods written on the
-- order, the variant's stock after, whether it fell below its minimum order (stock_out) and whether this order took
-- its product below its low-stock line (ran_low, shared/low-stock.ts); no rows when any line could not be taken.
-- Refuses with RD001 when the buyer's account is gone, RD002 when they hold p_max_open open orders.
DROP FUNCTION order_gate(text, integer, uuid[], uuid[]);
--> statement-breakpoint
CREATE FUNCTION take_stock(p_buyer text, p_max_open integer, p_lines jsonb, p_step integer, p_now timestamptz)
RETURNS TABLE (
  "position" integer, variant_id uuid, product_id uuid, quantity integer, sku text, label text, name text,
  name_bn text, image text, price_poisha integer, weight_grams integer, availability integer, stock_out boolean,
  ran_low boolean
) LANGUAGE plpgsql VOLATILE
-- A few lines, not the thousand PostgreSQL assumes of a function: the order's statement is planned for what it is
-- (with the default its estimated cost passed jit_above_cost, and every order paid tens of milliseconds to compile).
ROWS 3
-- Its statements' plans do not depend on the values: planned once per connection, not on every order.
SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  open_orders integer;
BEGIN
  -- The locks, in the order every stock move takes them: the buyer's row (their orders queue, no one else's), then
  -- the products' rows in id order (decision 0033: a product's row is the lock of its variants).
  PERFORM 1 FROM "user" u WHERE u.id = p_buyer FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the buyer''s account is gone' USING ERRCODE = 'RD001';
  END IF;
  -- Open: unpaid, or cash on delivery the shop has not confirmed (server/orders/sql/insert-order.ts `openOrder`).
  SELECT count(*) INTO open_orders FROM "order" o
  WHERE o.buyer_id = p_buyer AND (o.status = 'unpaid' OR (o.status = 'cod' AND o.confirmed_at IS NULL));
  IF open_orders >= p_max_open THEN
    RAISE EXCEPTION 'the buyer holds % open orders', open_orders USING ERRCODE = 'RD002';
  END IF;
  PERFORM 1 FROM product p
  WHERE p.id IN (SELECT (l ->> 'product_id')::uuid FROM jsonb_array_elements(p_lines) AS l)
  ORDER BY p.id FOR NO KEY UPDATE;

  RETURN QUERY
  WITH wanted AS (
    SELECT * FROM jsonb_to_recordset(p_lines) AS w("position" integer, product_id uuid, variant_id uuid,
      quantity integer, sku text, product_options jsonb, variant_options jsonb, price_poisha integer,
      weight_grams integer)
  ),
  checked AS (
    SELECT w."position", v.id, v.product_id, w.quantity, v.sku, p.name, p.name_bn,
      coalesce(v.image, p.image) AS image, v.price_poisha, v.weight_grams,
      -- shared/variants.ts variantLabel: the variant's values in the product's option order, "12 mm · 300 mm".
      (SELECT string_agg(v.options ->> (o.opt ->> 'name'), ' · ' ORDER BY o.ord)
        FROM jsonb_array_elements(p.options) WITH ORDINALITY AS o(opt, ord)
        WHERE coalesce(v.options ->> (o.opt ->> 'name'), '') <> '') AS label
    FROM wanted w
    JOIN product p ON p.id = w.product_id
    JOIN product_variant v ON v.product_id = p.id AND v.retired_at IS NULL
      -- The variant named, or the product's only live one (server/catalog pickVariant).
      AND (v.id = w.variant_id OR (w.variant_id IS NULL AND NOT EXISTS (
        SELECT 1 FROM product_variant x WHERE x.product_id = p.id AND x.retired_at IS NULL AND x.id <> v.id)))
    -- What the buyer's open orders hold of the variant already.
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(l.quantity), 0)::integer AS held
      FROM order_line l JOIN "order" o ON o.id = l.order_id
      WHERE o.buyer_id = p_buyer AND l.variant_id = v.id
        AND (o.status = 'unpaid' OR (o.status = 'cod' AND o.confirmed_at IS NULL))
    ) h
    -- The line as its caller read it, where it did.
    WHERE (w.sku IS NULL OR v.sku = w.sku)
      AND (w.variant_options IS NULL OR v.options = w.variant_options)
      AND (w.product_options IS NULL OR p.options = w.product_options)
      AND (w.price_poisha IS NULL OR v.price_poisha = w.price_poisha)
      AND (w.weight_grams IS NULL OR v.weight_grams = w.weight_grams)
      -- shared/quantity.ts: in stock, at least the minimum, on the step, and no hoarding — this order and the
      -- buyer's open ones together at most the product's own most per order, or half of the stock they would leave
      -- (integer division rounds down) but never under the minimum order.
      AND v.availability >= w.quantity
      AND v.minimum_quantity <= w.quantity
      AND (w.quantity - v.minimum_quantity) % p_step = 0
      AND w.quantity + h.held <= coalesce(p.max_per_order, greatest(v.minimum_quantity, (v.availability + h.held) / 2))
      AND w.quantity <= coalesce(p.max_per_order, greatest(v.minimum_quantity, v.availability / 2))
  ),
  taken AS (
    -- Every line, or none; a variant asked for twice is not taken.
    UPDATE product_variant v
    SET availability = v.availability - c.quantity, updated_at = p_now
    FROM checked c
    WHERE v.id = c.id
      AND (SELECT count(DISTINCT id) FROM checked) = (SELECT count(*) FROM wanted)
    RETURNING v.id, v.availability, v.availability < v.minimum_quantity AS stock_out
  ),
  moved AS (
    SELECT c.product_id, sum(c.quantity)::integer AS pieces FROM checked c JOIN taken t ON t.id = c.id
    GROUP BY c.product_id
  ),
  shelf AS (
    -- Each product holds the sum of its variants' stock; shared/low-stock.ts lowStockLine is the line it may cross.
    UPDATE product p
    SET availability = p.availability - m.pieces, updated_at = p_now
    FROM moved m
    WHERE p.id = m.product_id
    RETURNING p.id,
      p.availability < coalesce(p.low_stock_threshold, 2 * p.minimum_quantity)
        AND p.availability + m.pieces >= coalesce(p.low_stock_threshold, 2 * p.minimum_quantity) AS ran_low
  )
  SELECT c."position", c.id, c.product_id, c.quantity, c.sku, c.label, c.name, c.name_bn, c.image, c.price_poisha,
    c.weight_grams, t.availability, t.stock_out, s.ran_low
  FROM checked c JOIN taken t ON t.id = c.id JOIN shelf s ON s.id = c.product_id
  ORDER BY c."position";
END;
$$;
