/*
 * Real places and plausible people for the generated buyers: Italian cities with their true CAP and
 * province code, and a few cities of the countries an Italian eBay seller ships to most.
 */

/** A town with a postal code that really belongs to it. */
export interface Place {
  city: string;
  postalCode: string;
  /** Italy: the two-letter province code eBay returns; elsewhere the region or state name. */
  stateOrProvince: string;
}

export interface Country {
  /** ISO 3166-1 alpha-2, as eBay's `countryCode`. */
  code: string;
  places: readonly Place[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** Street names; the generator adds the number in the country's order. */
  streets: readonly string[];
  /** `number first` (France) or `street first` (elsewhere); Spain puts a comma before the number. */
  streetForm: 'street-number' | 'number-street' | 'street-comma-number';
  /** Extra address lines (apartment, staircase, care of). */
  secondLines: readonly string[];
  /** International prefix and the mobile prefixes buyers mostly give. */
  phonePrefix: string;
  mobilePrefixes: readonly string[];
  /** Digits after the mobile prefix. */
  phoneDigits: number;
  /** E-mail domains common in the country. */
  mailDomains: readonly string[];
  /** The eBay site buyers of the country mostly use, and its currency for the seller's listings there. */
  marketplaceId: string;
  currency: string;
}

const ITALIAN_PLACES: readonly Place[] = [
  { city: 'Milano', postalCode: '20121', stateOrProvince: 'MI' },
  { city: 'Milano', postalCode: '20135', stateOrProvince: 'MI' },
  { city: 'Roma', postalCode: '00184', stateOrProvince: 'RM' },
  { city: 'Roma', postalCode: '00152', stateOrProvince: 'RM' },
  { city: 'Napoli', postalCode: '80134', stateOrProvince: 'NA' },
  { city: 'Torino', postalCode: '10121', stateOrProvince: 'TO' },
  { city: 'Palermo', postalCode: '90133', stateOrProvince: 'PA' },
  { city: 'Genova', postalCode: '16121', stateOrProvince: 'GE' },
  { city: 'Bologna', postalCode: '40121', stateOrProvince: 'BO' },
  { city: 'Firenze', postalCode: '50122', stateOrProvince: 'FI' },
  { city: 'Bari', postalCode: '70121', stateOrProvince: 'BA' },
  { city: 'Catania', postalCode: '95124', stateOrProvince: 'CT' },
  { city: 'Venezia', postalCode: '30121', stateOrProvince: 'VE' },
  { city: 'Verona', postalCode: '37121', stateOrProvince: 'VR' },
  { city: 'Messina', postalCode: '98122', stateOrProvince: 'ME' },
  { city: 'Padova', postalCode: '35122', stateOrProvince: 'PD' },
  { city: 'Trieste', postalCode: '34121', stateOrProvince: 'TS' },
  { city: 'Brescia', postalCode: '25121', stateOrProvince: 'BS' },
  { city: 'Parma', postalCode: '43121', stateOrProvince: 'PR' },
  { city: 'Taranto', postalCode: '74123', stateOrProvince: 'TA' },
  { city: 'Prato', postalCode: '59100', stateOrProvince: 'PO' },
  { city: 'Modena', postalCode: '41121', stateOrProvince: 'MO' },
  { city: 'Reggio Calabria', postalCode: '89125', stateOrProvince: 'RC' },
  { city: "Reggio nell'Emilia", postalCode: '42121', stateOrProvince: 'RE' },
  { city: 'Perugia', postalCode: '06121', stateOrProvince: 'PG' },
  { city: 'Livorno', postalCode: '57123', stateOrProvince: 'LI' },
  { city: 'Ravenna', postalCode: '48121', stateOrProvince: 'RA' },
  { city: 'Cagliari', postalCode: '09124', stateOrProvince: 'CA' },
  { city: 'Foggia', postalCode: '71121', stateOrProvince: 'FG' },
  { city: 'Rimini', postalCode: '47921', stateOrProvince: 'RN' },
  { city: 'Salerno', postalCode: '84121', stateOrProvince: 'SA' },
  { city: 'Ferrara', postalCode: '44121', stateOrProvince: 'FE' },
  { city: 'Sassari', postalCode: '07100', stateOrProvince: 'SS' },
  { city: 'Latina', postalCode: '04100', stateOrProvince: 'LT' },
  { city: 'Monza', postalCode: '20900', stateOrProvince: 'MB' },
  { city: 'Bergamo', postalCode: '24121', stateOrProvince: 'BG' },
  { city: 'Pescara', postalCode: '65121', stateOrProvince: 'PE' },
  { city: 'Trento', postalCode: '38122', stateOrProvince: 'TN' },
  { city: 'Vicenza', postalCode: '36100', stateOrProvince: 'VI' },
  { city: 'Bolzano', postalCode: '39100', stateOrProvince: 'BZ' },
  { city: 'Novara', postalCode: '28100', stateOrProvince: 'NO' },
  { city: 'Piacenza', postalCode: '29121', stateOrProvince: 'PC' },
  { city: 'Ancona', postalCode: '60121', stateOrProvince: 'AN' },
  { city: 'Udine', postalCode: '33100', stateOrProvince: 'UD' },
  { city: 'Lecce', postalCode: '73100', stateOrProvince: 'LE' },
  { city: 'Como', postalCode: '22100', stateOrProvince: 'CO' },
  { city: 'Pisa', postalCode: '56125', stateOrProvince: 'PI' },
  { city: 'Arezzo', postalCode: '52100', stateOrProvince: 'AR' },
  { city: 'Varese', postalCode: '21100', stateOrProvince: 'VA' },
  { city: 'Cuneo', postalCode: '12100', stateOrProvince: 'CN' },
  { city: 'Treviso', postalCode: '31100', stateOrProvince: 'TV' },
  { city: 'Asti', postalCode: '14100', stateOrProvince: 'AT' },
  { city: 'La Spezia', postalCode: '19121', stateOrProvince: 'SP' },
  { city: "L'Aquila", postalCode: '67100', stateOrProvince: 'AQ' },
  { city: 'Potenza', postalCode: '85100', stateOrProvince: 'PZ' },
  { city: 'Campobasso', postalCode: '86100', stateOrProvince: 'CB' },
  { city: 'Aosta', postalCode: '11100', stateOrProvince: 'AO' },
  { city: 'Siena', postalCode: '53100', stateOrProvince: 'SI' },
  { city: 'Lucca', postalCode: '55100', stateOrProvince: 'LU' },
  { city: 'Sondrio', postalCode: '23100', stateOrProvince: 'SO' },
  { city: 'Pavia', postalCode: '27100', stateOrProvince: 'PV' },
  { city: 'Cremona', postalCode: '26100', stateOrProvince: 'CR' },
  { city: 'Mantova', postalCode: '46100', stateOrProvince: 'MN' },
  { city: 'Lodi', postalCode: '26900', stateOrProvince: 'LO' },
  { city: 'Lecco', postalCode: '23900', stateOrProvince: 'LC' },
  { city: 'Biella', postalCode: '13900', stateOrProvince: 'BI' },
  { city: 'Alessandria', postalCode: '15121', stateOrProvince: 'AL' },
  { city: 'Cesena', postalCode: '47521', stateOrProvince: 'FC' },
  { city: 'Forlì', postalCode: '47121', stateOrProvince: 'FC' },
  { city: 'Viareggio', postalCode: '55049', stateOrProvince: 'LU' },
  { city: 'Bassano del Grappa', postalCode: '36061', stateOrProvince: 'VI' },
  { city: 'Sanremo', postalCode: '18038', stateOrProvince: 'IM' },
  { city: 'Imola', postalCode: '40026', stateOrProvince: 'BO' },
  { city: 'Legnano', postalCode: '20025', stateOrProvince: 'MI' },
  { city: 'Vigevano', postalCode: '27029', stateOrProvince: 'PV' },
  { city: 'Sesto San Giovanni', postalCode: '20099', stateOrProvince: 'MI' },
  { city: 'Cinisello Balsamo', postalCode: '20092', stateOrProvince: 'MI' },
  { city: 'Rho', postalCode: '20017', stateOrProvince: 'MI' },
  { city: 'Moncalieri', postalCode: '10024', stateOrProvince: 'TO' },
  { city: 'Pozzuoli', postalCode: '80078', stateOrProvince: 'NA' },
  { city: 'Giugliano in Campania', postalCode: '80014', stateOrProvince: 'NA' },
  { city: 'Fiumicino', postalCode: '00054', stateOrProvince: 'RM' },
  { city: 'Guidonia Montecelio', postalCode: '00012', stateOrProvince: 'RM' },
];

export const ITALY: Country = {
  code: 'IT',
  places: ITALIAN_PLACES,
  firstNames: [
    'Marco', 'Giulia', 'Luca', 'Francesca', 'Alessandro', 'Chiara', 'Andrea', 'Sara', 'Matteo', 'Valentina',
    'Giuseppe', 'Federica', 'Davide', 'Elena', 'Simone', 'Martina', 'Stefano', 'Alessia', 'Lorenzo', 'Silvia',
    'Paolo', 'Laura', 'Roberto', 'Anna', 'Francesco', 'Giorgia', 'Antonio', 'Marta', 'Riccardo', 'Ilaria',
    'Niccolò', 'Beatrice', 'Gabriele', 'Serena', 'Emanuele', 'Camilla', 'Salvatore', 'Rosa', 'Vincenzo', 'Maria',
    'Pietro', 'Noemi', 'Tommaso', 'Aurora', 'Daniele', 'Erica', 'Fabio', 'Cristina', 'Giovanni', 'Lucia',
  ],
  lastNames: [
    'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
    'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti',
    'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone',
    'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti',
    'Parisi', 'Villa', 'Conte', 'Ferraro', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini', 'Sala',
    'De Angelis', 'Gatti', 'Pellegrini', 'Palumbo', 'Sanna', 'Farina', 'Monti', 'Cattaneo', 'Morelli', 'Amato',
    'Silvestri', 'Testa', 'Carbone', 'Benedetti', 'Barone', 'Caputo', 'Montanari', 'Guerra', 'Palmieri', "D'Amico",
  ],
  streets: [
    'Via Roma', 'Via Giuseppe Garibaldi', 'Corso Vittorio Emanuele II', 'Via Giuseppe Mazzini', 'Via Camillo Benso di Cavour',
    'Via Dante Alighieri', 'Via Giuseppe Verdi', 'Viale Europa', 'Via XX Settembre', 'Via Guglielmo Marconi',
    'Via Giacomo Matteotti', 'Piazza della Repubblica', 'Via Antonio Gramsci', 'Via Alessandro Manzoni', 'Corso Italia',
    'Via dei Mille', 'Via San Francesco', 'Via Giacomo Leopardi', 'Via Nazionale', 'Via Vittorio Veneto',
    'Via Cristoforo Colombo', 'Via IV Novembre', 'Viale della Libertà', 'Via Giovanni Pascoli', 'Via Giosuè Carducci',
    'Via Fratelli Bandiera', 'Via Montello', 'Via Torino', 'Via Milano', "Via dell'Artigianato",
  ],
  streetForm: 'street-number',
  secondLines: ['Scala B, interno 4', 'Piano 2', 'c/o Studio Bianchi', 'Interno 12', 'Palazzina C', 'c/o Portineria', 'Scala A, piano 3'],
  phonePrefix: '+39',
  mobilePrefixes: ['320', '328', '329', '331', '333', '335', '338', '339', '340', '347', '348', '349', '366', '380', '392'],
  phoneDigits: 7,
  mailDomains: ['gmail.com', 'libero.it', 'hotmail.it', 'outlook.it', 'yahoo.it', 'virgilio.it', 'alice.it', 'tiscali.it'],
  marketplaceId: 'EBAY_IT',
  currency: 'EUR',
};

export const GERMANY: Country = {
  code: 'DE',
  places: [
    { city: 'Berlin', postalCode: '10115', stateOrProvince: 'Berlin' },
    { city: 'München', postalCode: '80331', stateOrProvince: 'Bayern' },
    { city: 'Hamburg', postalCode: '20095', stateOrProvince: 'Hamburg' },
    { city: 'Köln', postalCode: '50667', stateOrProvince: 'Nordrhein-Westfalen' },
    { city: 'Frankfurt am Main', postalCode: '60311', stateOrProvince: 'Hessen' },
    { city: 'Stuttgart', postalCode: '70173', stateOrProvince: 'Baden-Württemberg' },
    { city: 'Düsseldorf', postalCode: '40213', stateOrProvince: 'Nordrhein-Westfalen' },
    { city: 'Leipzig', postalCode: '04109', stateOrProvince: 'Sachsen' },
  ],
  firstNames: ['Lukas', 'Anna', 'Jonas', 'Lena', 'Felix', 'Laura', 'Maximilian', 'Sophie', 'Paul', 'Marie', 'Leon', 'Hannah'],
  lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Schulz', 'Koch', 'Richter'],
  streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße', 'Lindenstraße', 'Gartenstraße', 'Bergstraße'],
  streetForm: 'street-number',
  secondLines: ['2. OG', 'Hinterhaus', 'c/o Müller', 'Wohnung 5'],
  phonePrefix: '+49',
  mobilePrefixes: ['151', '152', '160', '170', '171', '176'],
  phoneDigits: 8,
  mailDomains: ['gmx.de', 'web.de', 't-online.de', 'gmail.com'],
  marketplaceId: 'EBAY_DE',
  currency: 'EUR',
};

export const FRANCE: Country = {
  code: 'FR',
  places: [
    { city: 'Paris', postalCode: '75011', stateOrProvince: 'Île-de-France' },
    { city: 'Lyon', postalCode: '69002', stateOrProvince: 'Auvergne-Rhône-Alpes' },
    { city: 'Marseille', postalCode: '13001', stateOrProvince: "Provence-Alpes-Côte d'Azur" },
    { city: 'Toulouse', postalCode: '31000', stateOrProvince: 'Occitanie' },
    { city: 'Nice', postalCode: '06000', stateOrProvince: "Provence-Alpes-Côte d'Azur" },
    { city: 'Nantes', postalCode: '44000', stateOrProvince: 'Pays de la Loire' },
    { city: 'Bordeaux', postalCode: '33000', stateOrProvince: 'Nouvelle-Aquitaine' },
    { city: 'Lille', postalCode: '59000', stateOrProvince: 'Hauts-de-France' },
  ],
  firstNames: ['Camille', 'Lucas', 'Léa', 'Hugo', 'Chloé', 'Louis', 'Manon', 'Gabriel', 'Inès', 'Arthur'],
  lastNames: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'],
  streets: ['rue de la République', 'avenue Jean Jaurès', 'boulevard Victor Hugo', 'rue Pasteur', 'rue des Lilas', 'rue du Château'],
  streetForm: 'number-street',
  secondLines: ['Bâtiment B', 'Appartement 12', '3e étage', 'Résidence Les Tilleuls'],
  phonePrefix: '+33',
  mobilePrefixes: ['6', '7'],
  phoneDigits: 8,
  mailDomains: ['orange.fr', 'free.fr', 'laposte.net', 'gmail.com'],
  marketplaceId: 'EBAY_FR',
  currency: 'EUR',
};

export const SPAIN: Country = {
  code: 'ES',
  places: [
    { city: 'Madrid', postalCode: '28013', stateOrProvince: 'Madrid' },
    { city: 'Barcelona', postalCode: '08001', stateOrProvince: 'Barcelona' },
    { city: 'Valencia', postalCode: '46001', stateOrProvince: 'Valencia' },
    { city: 'Sevilla', postalCode: '41001', stateOrProvince: 'Sevilla' },
    { city: 'Zaragoza', postalCode: '50001', stateOrProvince: 'Zaragoza' },
    { city: 'Málaga', postalCode: '29001', stateOrProvince: 'Málaga' },
    { city: 'Bilbao', postalCode: '48001', stateOrProvince: 'Bizkaia' },
  ],
  firstNames: ['Lucía', 'Hugo', 'Martina', 'Pablo', 'Sofía', 'Daniel', 'María', 'Alejandro', 'Paula', 'Javier'],
  lastNames: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Moreno'],
  streets: ['Calle Mayor', 'Calle de Alcalá', 'Avenida de la Constitución', 'Gran Vía', 'Calle Real', 'Paseo de Gracia'],
  streetForm: 'street-comma-number',
  secondLines: ['2º B', '4º izquierda', 'Bajo A', 'Escalera 2, 3º 1ª'],
  phonePrefix: '+34',
  mobilePrefixes: ['6', '7'],
  phoneDigits: 8,
  mailDomains: ['gmail.com', 'hotmail.es', 'yahoo.es', 'telefonica.net'],
  marketplaceId: 'EBAY_ES',
  currency: 'EUR',
};

export const AUSTRIA: Country = {
  code: 'AT',
  places: [
    { city: 'Wien', postalCode: '1010', stateOrProvince: 'Wien' },
    { city: 'Graz', postalCode: '8010', stateOrProvince: 'Steiermark' },
    { city: 'Linz', postalCode: '4020', stateOrProvince: 'Oberösterreich' },
    { city: 'Salzburg', postalCode: '5020', stateOrProvince: 'Salzburg' },
    { city: 'Innsbruck', postalCode: '6020', stateOrProvince: 'Tirol' },
  ],
  firstNames: ['Tobias', 'Katharina', 'Florian', 'Julia', 'David', 'Lisa', 'Stefan', 'Sarah'],
  lastNames: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner', 'Moser', 'Mayer'],
  streets: ['Mariahilfer Straße', 'Herrengasse', 'Landstraße', 'Getreidegasse', 'Maria-Theresien-Straße'],
  streetForm: 'street-number',
  secondLines: ['Top 7', 'Stiege 2, Top 14', '3. Stock'],
  phonePrefix: '+43',
  mobilePrefixes: ['650', '660', '664', '676', '699'],
  phoneDigits: 7,
  mailDomains: ['gmx.at', 'aon.at', 'chello.at', 'gmail.com'],
  marketplaceId: 'EBAY_AT',
  currency: 'EUR',
};

/** Buyers on eBay.co.uk: the seller's listings there are priced in pounds. */
export const UNITED_KINGDOM: Country = {
  code: 'GB',
  places: [
    { city: 'London', postalCode: 'SW1A 1AA', stateOrProvince: 'Greater London' },
    { city: 'Manchester', postalCode: 'M1 1AE', stateOrProvince: 'Greater Manchester' },
    { city: 'Birmingham', postalCode: 'B1 1BB', stateOrProvince: 'West Midlands' },
    { city: 'Leeds', postalCode: 'LS1 4AP', stateOrProvince: 'West Yorkshire' },
    { city: 'Edinburgh', postalCode: 'EH1 1YZ', stateOrProvince: 'Midlothian' },
  ],
  firstNames: ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Emily', 'Jack', 'Olivia'],
  lastNames: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', "O'Brien"],
  streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Park Avenue'],
  streetForm: 'number-street',
  secondLines: ['Flat 3', 'Apartment 12', 'Unit 4'],
  phonePrefix: '+44',
  mobilePrefixes: ['7700', '7911', '7400'],
  phoneDigits: 6,
  mailDomains: ['gmail.com', 'btinternet.com', 'outlook.com', 'yahoo.co.uk'],
  marketplaceId: 'EBAY_GB',
  currency: 'GBP',
};

/** Where an Italian seller's buyers live, and how often. */
export const BUYER_COUNTRIES: readonly (readonly [Country, number])[] = [
  [ITALY, 82],
  [GERMANY, 5],
  [FRANCE, 4],
  [SPAIN, 3],
  [AUSTRIA, 2],
  [UNITED_KINGDOM, 2],
];

/** Where the seller ships from (the listings' `itemLocation`). */
export const SELLER_LOCATIONS: readonly Place[] = [
  { city: 'Milano', postalCode: '20156', stateOrProvince: 'MI' },
  { city: 'Bologna', postalCode: '40132', stateOrProvince: 'BO' },
  { city: 'Padova', postalCode: '35129', stateOrProvince: 'PD' },
  { city: 'Napoli', postalCode: '80143', stateOrProvince: 'NA' },
];
