-- AliExpress connects by the seller's consent (the Open Platform's authorize page and the signed
-- /rest/auth/token calls) and reads and fulfils orders through the IOP gateway: the catalogue row of
-- the contracts changed with it (connect method oauth, no required settings).
UPDATE marketplaces
   SET oauth = true,
       required_settings = '[]'
 WHERE identifier = 'aliexpress';
