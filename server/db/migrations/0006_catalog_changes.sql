-- Every committed change to what the public pages and the product list show is announced on the channel
-- catalog_changed, so each server process drops its cached copies (server/cache/).
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER review_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
