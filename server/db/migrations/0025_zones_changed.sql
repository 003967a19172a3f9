-- Every committed change to the delivery zones is announced on the channel zones_changed, so each server process
-- drops the zones it keeps (server/delivery/zones.ts): an admin's new charges hold in every copy of the store at once.
CREATE FUNCTION notify_zones_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zones_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER delivery_zone_zones_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_zone"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_zones_changed();
