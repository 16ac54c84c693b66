-- A version of each merchant's orders list, raised in the transaction of every write that can change
-- what the list answers: the service keeps list pages in memory and answers one again only while
-- the version it was read at is still the current one (app/list-orders.ts). So a page is never
-- served after a committed change, on any replica, and one merchant's writes leave the others'
-- pages alone.
--
-- Which writes: every statement on orders (imports, carriers, rules, statuses, deletes) and on
-- order_shipments (a shipment's tracking or label may change without its order's row). Addresses
-- and items are written only in the import's upsert, in the statement that writes their order's
-- row, and deleted with it (ON DELETE CASCADE): the orders trigger covers them.
--
-- Like order_counts, each connection raises its own slot (backend pid % 16), so concurrent imports
-- do not queue on one row; the version is the sum of the slots, which only grows.
CREATE TABLE order_list_versions (
  merchant_id uuid NOT NULL,
  slot smallint NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (merchant_id, slot)
);

CREATE FUNCTION order_list_versions_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_list_versions AS v (merchant_id, slot, version)
  SELECT DISTINCT merchant_id, pg_backend_pid() % 16, 1 FROM changed_rows ORDER BY 1
  ON CONFLICT (merchant_id, slot) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

-- A transition table belongs to one event, hence one trigger per event.
CREATE TRIGGER orders_list_version_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_versions_raise();
CREATE TRIGGER orders_list_version_update AFTER UPDATE ON orders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_versions_raise();
CREATE TRIGGER orders_list_version_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_versions_raise();
CREATE TRIGGER order_shipments_list_version_insert AFTER INSERT ON order_shipments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_versions_raise();
CREATE TRIGGER order_shipments_list_version_update AFTER UPDATE ON order_shipments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_versions_raise();
CREATE TRIGGER order_shipments_list_version_delete AFTER DELETE ON order_shipments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION order_list_versions_raise();
