-- Shopify connects by the owner's install (OAuth authorization-code grant on the shop's host) and
-- reads orders through the GraphQL Admin API: the catalogue row of the contracts changed with it
-- (connect method oauth, no required settings, the GraphQL reference).
UPDATE marketplaces
   SET oauth = true,
       required_settings = '[]',
       api_doc_url = 'https://shopify.dev/docs/api/admin-graphql'
 WHERE identifier = 'shopify';
