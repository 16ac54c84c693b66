import type { Random } from './random';

/*
 * What the generated sellers sell: listings an Italian eBay shop could have, each with an SKU, an
 * eBay item id and a picture on eBay's image host. Variations (size, colour) get their own SKU.
 */

interface ProductTemplate {
  title: string;
  sku: string;
  /** Typical price in euro cents; each seller's price varies a little around it. */
  priceCents: number;
  /** Variation aspect name and values, when the listing has variations. */
  variations?: { name: string; values: readonly string[] };
}

const PRODUCTS: readonly ProductTemplate[] = [
  { title: 'Cover iPhone 15 Pro in silicone compatibile MagSafe', sku: 'COV-IP15P', priceCents: 1490, variations: { name: 'Colore', values: ['Nero', 'Blu', 'Rosso'] } },
  { title: 'Caricatore USB-C 20W ricarica rapida compatibile iPhone Samsung', sku: 'CHG-USBC-20W', priceCents: 1290 },
  { title: 'Cavo USB-C Lightning 1 m intrecciato in nylon', sku: 'CBL-USBC-LGT-1M', priceCents: 890 },
  { title: 'Cuffie Bluetooth 5.3 wireless con cancellazione attiva del rumore', sku: 'AUD-BT53-ANC', priceCents: 4990 },
  { title: 'Moka caffettiera in alluminio 3 tazze', sku: 'CAS-MOKA-3T', priceCents: 2490 },
  { title: 'Set 6 tazzine da caffè in porcellana bianca con piattini', sku: 'CAS-TAZ-6PZ', priceCents: 1990 },
  { title: 'Lampada da scrivania LED dimmerabile con porta USB', sku: 'ILL-LED-SCR', priceCents: 2990 },
  { title: 'Zaino porta PC 15,6 pollici impermeabile', sku: 'ZAI-PC156', priceCents: 3490, variations: { name: 'Colore', values: ['Grigio', 'Nero'] } },
  { title: 'Scarpe running uomo ammortizzate traspiranti', sku: 'SCA-RUN-U', priceCents: 5990, variations: { name: 'Taglia', values: ['40', '41', '42', '43', '44'] } },
  { title: 'Felpa con cappuccio donna in cotone biologico', sku: 'ABB-FELPA-D', priceCents: 3290, variations: { name: 'Taglia', values: ['S', 'M', 'L', 'XL'] } },
  { title: 'Borraccia termica in acciaio inox 750 ml', sku: 'SPO-BOR-750', priceCents: 1790 },
  { title: 'Tappetino yoga antiscivolo 6 mm con tracolla', sku: 'SPO-YOGA-6MM', priceCents: 2290 },
  { title: 'Kit 4 lampadine LED E27 10W luce calda 2700K', sku: 'ILL-E27-4PZ', priceCents: 1190 },
  { title: 'Powerbank 20000 mAh USB-C Power Delivery 22,5W', sku: 'PWB-20K-PD', priceCents: 2790 },
  { title: 'Smartwatch fitness impermeabile IP68 con cardiofrequenzimetro', sku: 'WEA-SW-IP68', priceCents: 3990 },
  { title: 'Pellicola vetro temperato per Samsung Galaxy S24 (2 pezzi)', sku: 'PEL-S24-2PZ', priceCents: 790 },
  { title: 'Orologio da polso uomo cronografo in acciaio', sku: 'ORO-CRONO-U', priceCents: 8990 },
  { title: 'Portafoglio uomo in vera pelle con protezione RFID', sku: 'PEL-PORT-RFID', priceCents: 2490, variations: { name: 'Colore', values: ['Marrone', 'Nero'] } },
  { title: 'Padella antiaderente 28 cm per induzione', sku: 'CUC-PAD-28', priceCents: 2990 },
  { title: 'Set cacciaviti di precisione 25 pezzi con custodia', sku: 'UTE-CACC-25', priceCents: 1590 },
  { title: 'Trapano avvitatore a batteria 18V con 2 batterie e valigetta', sku: 'UTE-TRAP-18V', priceCents: 7990 },
  { title: 'Mouse wireless ergonomico silenzioso 2,4 GHz', sku: 'INF-MOU-WL', priceCents: 1490 },
  { title: 'Tastiera meccanica layout italiano retroilluminata RGB', sku: 'INF-TAS-MEC-IT', priceCents: 5490 },
  { title: 'Hard disk esterno 1 TB USB 3.0 portatile', sku: 'INF-HDD-1TB', priceCents: 5990 },
  { title: 'Chiavetta USB 64 GB USB 3.2', sku: 'INF-USB-64', priceCents: 990 },
  { title: 'Testine di ricambio compatibili per spazzolino elettrico (8 pezzi)', sku: 'IGI-TEST-8PZ', priceCents: 1390 },
  { title: 'Cuscino cervicale in memory foam ortopedico', sku: 'CAS-CUS-MEM', priceCents: 2990 },
  { title: 'Lenzuola matrimoniali in puro cotone 4 pezzi', sku: 'CAS-LENZ-MAT', priceCents: 3990, variations: { name: 'Colore', values: ['Bianco', 'Avorio', 'Tortora'] } },
  { title: 'Gioco da tavolo di strategia per famiglie, edizione italiana', sku: 'GIO-TAV-STR', priceCents: 3490 },
  { title: 'Mattoncini da costruzione auto sportiva 1:8 (3.778 pezzi)', sku: 'GIO-MAT-AUTO', priceCents: 17990 },
  { title: 'Occhiali da sole polarizzati unisex UV400', sku: 'ACC-OCC-POL', priceCents: 1990 },
  { title: 'Giacca impermeabile uomo antivento con cappuccio', sku: 'ABB-GIAC-U', priceCents: 6990, variations: { name: 'Taglia', values: ['M', 'L', 'XL', 'XXL'] } },
  { title: 'Crema idratante viso 50 ml con acido ialuronico', sku: 'COS-CREMA-50', priceCents: 1690 },
  { title: 'Ricambio filtro acqua per caraffa filtrante (6 pezzi)', sku: 'CAS-FILT-6PZ', priceCents: 2190 },
  { title: 'Supporto da auto per smartphone magnetico bocchette aria', sku: 'AUT-SUP-MAG', priceCents: 990 },
  { title: 'Libro di cucina regionale italiana, copertina rigida', sku: 'LIB-CUC-REG', priceCents: 2400 },
];

/** One listing of a seller: what a line item refers to. */
export interface Listing {
  legacyItemId: string;
  sku: string;
  title: string;
  priceCents: number;
  imageUrl: string;
  variation?: { name: string; value: string; legacyVariationId: string };
}

/** The characters of eBay's picture ids (`/images/g/<id>/s-l500.jpg`). */
const IMAGE_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789~';

/** A price near `cents` ending in ,90 or ,99, as shops price. */
function shopPrice(random: Random, cents: number): number {
  const euros = Math.max(1, Math.round((cents * (0.85 + random.next() * 0.3)) / 100));
  return euros * 100 - (random.chance(0.5) ? 10 : 1);
}

/**
 * A seller's listings: every product once, with the seller's own item ids, prices and pictures,
 * and one listing per variation value (same item id, own SKU and variation id).
 */
export function createCatalogue(random: Random): Listing[] {
  const listings: Listing[] = [];
  for (const product of PRODUCTS) {
    const legacyItemId = random.pick(['1', '2', '3']) + random.digits(11);
    const priceCents = shopPrice(random, product.priceCents);
    const imageUrl = `https://i.ebayimg.com/images/g/${random.chars(4, IMAGE_ID_CHARS)}AAOSw${random.chars(7, IMAGE_ID_CHARS)}/s-l500.jpg`;
    if (!product.variations) {
      listings.push({ legacyItemId, sku: product.sku, title: product.title, priceCents, imageUrl });
      continue;
    }
    for (const value of product.variations.values) {
      listings.push({
        legacyItemId,
        sku: `${product.sku}-${value.toUpperCase().replace(/[^A-Z0-9]/g, '')}`,
        title: product.title,
        priceCents,
        imageUrl,
        variation: { name: product.variations.name, value, legacyVariationId: random.digits(12) },
      });
    }
  }
  return listings;
}
