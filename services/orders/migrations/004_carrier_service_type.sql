-- The carrier integration's service type (Poste Delivery's product) from carriers.integration.changed:
-- with the provider it says which destinations the carrier serves (the contracts' destinationRefusal),
-- so the shipping rules never pick a carrier whose label would refuse the order's country.
-- NULL: not known yet (an integration last changed before carriers published it): only the
-- product-independent checks are made.
ALTER TABLE carrier_integrations ADD COLUMN service_type text;
