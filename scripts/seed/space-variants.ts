import type { SpaceKindType } from './world-data.ts';

/**
 * What a space of a kind can be (a lighthouse or a castle among landmarks, a café or a bar among
 * restaurants), so its name, summary, description, tags and picture all speak of the same thing.
 * A variant marked `coastal` only stands in a city on the sea, `mountain` only in a city by the
 * mountains. Placeholders are the kind's (see `SpaceKind.numbers` in ./world-data.ts) and the
 * global ones. Kinds without variants here use their own templates in ./world-data.ts.
 */
export interface SpaceVariant {
  readonly id: string;
  readonly weight: number;
  readonly coastal?: boolean;
  readonly mountain?: boolean;
  /** Only in cities of these IANA time-zone areas ('Europe': castles are European here). */
  readonly zones?: readonly string[];
  /** The picture motif (./pictures.ts draws one per motif); the kind's own when absent. */
  readonly motif?: string;
  readonly nameTemplates: readonly string[];
  readonly summaryTemplates: readonly string[];
  /** Paragraphs only this variant uses; the description adds one or two of the kind's `common` ones. */
  readonly descriptionParagraphs: readonly string[];
  /** Tags (from TAGS) that fit every space of the variant; the first is on every one of them. */
  readonly tags: readonly string[];
  /** Ranges that differ from the kind's (a cabin is smaller than a house). */
  readonly numbers?: Readonly<Record<string, readonly [number, number]>>;
}

/** The variants of a kind and the paragraphs that fit all of them. */
export interface KindVariants {
  readonly common: readonly string[];
  readonly variants: readonly SpaceVariant[];
}

/** Cities on the sea (lighthouses, beach houses, seaside villas, yachts and harbours stand only there). */
export const COASTAL_CITIES: ReadonlySet<string> = new Set([
  'New York',
  'Los Angeles',
  'San Francisco',
  'Miami',
  'Seattle',
  'Boston',
  'Honolulu',
  'Charleston',
  'Vancouver',
  'Halifax',
  'Tulum',
  'Havana',
  'Panama City',
  'Rio de Janeiro',
  'Salvador',
  'Florianópolis',
  'Valparaíso',
  'Lima',
  'Cartagena',
  'Montevideo',
  'Edinburgh',
  'Liverpool',
  'Cardiff',
  'Dublin',
  'Galway',
  'Marseille',
  'Nice',
  'Monaco',
  'The Hague',
  'Venice',
  'Naples',
  'Palermo',
  'Barcelona',
  'Valencia',
  'Málaga',
  'Palma',
  'Lisbon',
  'Porto',
  'Funchal',
  'Copenhagen',
  'Aarhus',
  'Stockholm',
  'Gothenburg',
  'Malmö',
  'Oslo',
  'Bergen',
  'Helsinki',
  'Reykjavík',
  'Tallinn',
  'Riga',
  'Dubrovnik',
  'Split',
  'Athens',
  'Thessaloniki',
  'Fira',
  'Valletta',
  'Istanbul',
  'Cape Town',
  'Durban',
  'Casablanca',
  'Lagos',
  'Accra',
  'Zanzibar City',
  'Dakar',
  'Tunis',
  'Tokyo',
  'Osaka',
  'Fukuoka',
  'Yokohama',
  'Busan',
  'Shanghai',
  'Shenzhen',
  'Hong Kong',
  'Singapore',
  'Phuket',
  'Jakarta',
  'Denpasar',
  'Manila',
  'Mumbai',
  'Colombo',
  'Dubai',
  'Abu Dhabi',
  'Doha',
  'Tel Aviv',
  'Sydney',
  'Melbourne',
  'Perth',
  'Adelaide',
  'Hobart',
  'Gold Coast',
  'Byron Bay',
  'Auckland',
  'Wellington',
  'Suva',
]);

/** Cities among mountains (cabins and mountain lodges stand only there). */
export const MOUNTAIN_CITIES: ReadonlySet<string> = new Set([
  'Denver',
  'Santa Fe',
  'Calgary',
  'Vancouver',
  'Mendoza',
  'Santiago',
  'Cusco',
  'Quito',
  'Bogotá',
  'Medellín',
  'Annecy',
  'Zurich',
  'Geneva',
  'Lucerne',
  'Salzburg',
  'Innsbruck',
  'Munich',
  'Granada',
  'Bergen',
  'Oslo',
  'Ljubljana',
  'Kyoto',
  'Sapporo',
  'Chiang Mai',
  'Kigali',
  'Cape Town',
  'Queenstown',
  'Hobart',
  'Reykjavík',
  'Marrakesh',
]);

/** Words that name a kind of space: a space's texts use its own kind's words and no other kind's. */
export const KIND_WORDS: Readonly<Record<SpaceKindType, readonly string[]>> = {
  HOME: ['townhouse', 'cabin', 'beach house', 'family home'],
  APARTMENT: ['apartment', 'flat', 'penthouse', 'studio apartment'],
  VILLA: ['villa', 'estate'],
  MUSEUM: ['museum', 'museums'],
  GALLERY: ['art gallery', 'contemporary art space'],
  SHOP: ['shop', 'bookshop', 'showroom', 'store'],
  RESTAURANT: ['restaurant', 'café', 'bistro', 'wine bar', 'dining room', 'cocktail bar'],
  HOTEL: ['hotel', 'resort', 'lodge'],
  OFFICE: ['office', 'coworking'],
  VENUE: ['theatre', 'concert hall', 'jazz club', 'wedding venue', 'orangery'],
  LANDMARK: ['lighthouse', 'castle', 'clock tower', 'observatory', 'railway station', 'opera house', 'town hall', 'fortress', 'palace'],
  CHURCH: ['church', 'cathedral', 'chapel', 'abbey', 'basilica', 'nave', 'priory'],
  SCHOOL: ['school', 'university', 'academy', 'students'],
  WAREHOUSE: ['factory', 'mill'],
  YACHT: ['yacht', 'superyacht', 'catamaran', 'schooner', 'cabins', 'marina'],
};

/** Variants per kind. */
export const SPACE_VARIANTS: Partial<Record<SpaceKindType, KindVariants>> = {
  HOME: {
    common: [
      'The scan covers every room and the garden, so you can measure furniture before you visit.',
      'Underfloor heating, good insulation and rooftop solar panels keep running costs low.',
      '{street} is a quiet residential street within walking distance of schools, cafés and the station.',
      'Originally built in {year}, the house was sympathetically renovated, keeping its best period details.',
    ],
    variants: [
      {
        id: 'house',
        weight: 6,
        motif: 'HOME',
        nameTemplates: [
          '{adj} {style} Home on {street}',
          '{style} Family Home in {city}',
          'The {surname} Residence',
          '{adj} {beds}-Bedroom House in {city}',
          '{street} Family Home',
          '{surname} House',
        ],
        summaryTemplates: [
          'Sun-filled {beds}-bedroom family home with a landscaped garden and open-plan kitchen.',
          'Carefully renovated {year} house with {baths} bathrooms and a quiet rear garden.',
          '{style} family home of {sqm} m² with generous living spaces and a south-facing terrace.',
          'Detached {beds}-bedroom family home with a study and mature fruit trees.',
        ],
        descriptionParagraphs: [
          'The ground floor opens into a bright living room with tall windows, oak floors and a wood-burning fireplace.',
          'A large kitchen-diner sits at the heart of the house, with a central island and doors opening onto the garden.',
          'Upstairs, {beds} bedrooms share a landing flooded with light; the main bedroom has its own en-suite.',
          'The rear garden is mostly lawn, bordered by established planting, with a paved terrace that catches the evening sun.',
        ],
        tags: [
          'real estate',
          'family home',
          'garden',
          'fireplace',
          'for sale',
          'natural light',
          'open plan',
          'interior design',
          'modern',
          'mid-century',
          'scandinavian',
        ],
      },
      {
        id: 'townhouse',
        weight: 3,
        motif: 'HOME',
        nameTemplates: ['{adj} Townhouse on {street}', '{style} Townhouse, {city}', 'Restored Townhouse on {street}'],
        summaryTemplates: [
          'A {beds}-bedroom townhouse on {street} blending period character with contemporary comfort.',
          'Tall, light townhouse of {sqm} m² over four floors, a short walk from the centre of {city}.',
          'Restored {year} townhouse with original cornicing, sash windows and a walled garden.',
        ],
        descriptionParagraphs: [
          'A tiled hallway leads to a double reception room with two marble fireplaces and tall sash windows.',
          'The kitchen on the lower ground floor opens onto a walled garden paved in old brick.',
          'Each of the upper floors holds two bedrooms, and the top floor has views over the rooftops of {city}.',
        ],
        tags: ['townhouse', 'real estate', 'victorian', 'renovation', 'for sale', 'historic', 'interior design'],
      },
      {
        id: 'cottage',
        weight: 2,
        motif: 'HOME',
        nameTemplates: ['{adj} Cottage near {city}', 'Rose Cottage, {city}', '{surname} Cottage'],
        summaryTemplates: [
          'Stone cottage of {sqm} m² with low beams, an inglenook fireplace and a cottage garden.',
          'Charming {beds}-bedroom cottage on the edge of {city}, restored with care.',
        ],
        descriptionParagraphs: [
          'Low beams, thick stone walls and a wide fireplace make the sitting room the heart of the cottage.',
          'The cottage garden is full of roses, lavender and a small vegetable patch.',
        ],
        tags: ['family home', 'garden', 'fireplace', 'for sale', 'renovation', 'vacation rental'],
      },
      {
        id: 'cabin',
        weight: 2,
        numbers: { sqm: [28, 75], beds: [1, 2] },
        mountain: true,
        motif: 'HOME',
        nameTemplates: ['{adj} Cabin above {city}', 'Timber Cabin near {city}', 'The {surname} Cabin'],
        summaryTemplates: [
          'Timber cabin in the hills above {city}, with a wood stove and a deck facing the peaks.',
          'Small, clever cabin of {sqm} m² with a sleeping loft and mountain views.',
        ],
        descriptionParagraphs: [
          'The cabin is built of larch, with a wood stove, a sleeping loft and big windows facing the peaks.',
          'A wide deck looks across the valley; on clear nights the stars seem close enough to touch.',
        ],
        tags: ['cabin', 'mountain view', 'fireplace', 'tiny home', 'vacation rental', 'eco-friendly'],
      },
      {
        id: 'beach-house',
        weight: 2,
        coastal: true,
        motif: 'HOME',
        nameTemplates: ['{adj} Beach House, {city}', 'Dune Beach House near {city}', 'The {surname} Beach House'],
        summaryTemplates: [
          'Beach house steps from the sand, with a deck, an outdoor shower and sea views from every room.',
          'A {beds}-bedroom beach house on the coast at {city}, made for long summers.',
        ],
        descriptionParagraphs: [
          'Sliding doors open the living room onto a deck above the dunes, with the sea just beyond.',
          'Whitewashed boards, linen curtains and an outdoor shower keep the sand where it belongs.',
        ],
        tags: ['beach house', 'ocean view', 'waterfront', 'vacation rental', 'family home', 'natural light'],
      },
    ],
  },
  APARTMENT: {
    common: [
      'Transport, shops and restaurants are all within a five-minute walk of the front door.',
      'The virtual tour includes a floor plan view so you can check room sizes and layouts.',
      'The building dates from {year} and has a well-kept staircase, a concierge and a lift.',
    ],
    variants: [
      {
        id: 'flat',
        weight: 5,
        nameTemplates: ['{adj} Apartment on {street}', '{beds}-Bedroom Flat, {street}', '{style} Apartment near {street}', 'Riverside Apartment {n}, {city}'],
        summaryTemplates: [
          'Bright {beds}-bedroom apartment on the {floor}th floor with a balcony and city views.',
          '{style} apartment in a {year} building with high ceilings, parquet floors and a lift.',
          'Turnkey {beds}-bedroom flat with a modern kitchen, storage room and secure bike parking.',
          'Quiet courtyard-facing apartment of {sqm} m² on {street}.',
        ],
        descriptionParagraphs: [
          'The entrance hall leads into a generous living and dining space with windows on two sides.',
          'Both bedrooms overlook the quiet inner courtyard, and the main bedroom has fitted wardrobes.',
          'A sleek galley kitchen opens onto a small balcony, perfect for morning coffee.',
        ],
        tags: ['apartment', 'real estate', 'for rent', 'for sale', 'city view', 'natural light', 'interior design'],
      },
      {
        id: 'loft',
        weight: 2,
        nameTemplates: ['{style} Loft in {city}', 'Loft {n} on {street}', 'Converted Loft, {city}'],
        summaryTemplates: [
          'Open-plan {sqm} m² loft apartment with exposed brick, steel windows and original timber beams.',
          'Double-height loft apartment in a converted {year} building near {street}.',
        ],
        descriptionParagraphs: [
          'Polished concrete floors, exposed ductwork and oversized windows give the loft a relaxed industrial feel.',
          'A mezzanine bedroom looks down over the open living space.',
        ],
        tags: ['apartment', 'loft', 'industrial', 'open plan', 'for rent', 'real estate'],
      },
      {
        id: 'penthouse',
        weight: 2,
        nameTemplates: ['Penthouse {n}, {street}', '{city} Skyline Penthouse', 'Top-Floor Penthouse with Terrace, {city}'],
        summaryTemplates: [
          'Penthouse apartment with a wraparound terrace, {baths} bathrooms and floor-to-ceiling glazing.',
          'Top-floor penthouse of {sqm} m² with a roof terrace over {city}.',
        ],
        descriptionParagraphs: [
          'From the terrace you can see across the rooftops of {city}, with sunsets to the west.',
          'A private lift opens straight into the penthouse living room.',
        ],
        tags: ['apartment', 'penthouse', 'luxury homes', 'rooftop', 'terrace', 'city view', 'for sale'],
      },
      {
        id: 'studio',
        weight: 2,
        numbers: { sqm: [22, 45] },
        nameTemplates: ['{adj} Studio Apartment in Central {city}', '{adj} Pied-à-Terre in {city}', 'Studio Apartment on {street}'],
        summaryTemplates: [
          'Compact, beautifully finished studio apartment a short walk from the centre of {city}.',
          'A {sqm} m² studio apartment with a clever fold-away bed and a kitchen wall.',
        ],
        descriptionParagraphs: ['Built-in storage, a fold-away bed and a full kitchen wall make the most of every square metre.'],
        tags: ['apartment', 'minimalist', 'for rent', 'interior design', 'natural light'],
      },
    ],
  },
  VILLA: {
    common: [
      'Each of the {beds} bedroom suites has its own bathroom, and most open onto private balconies.',
      'A separate guest cottage makes the villa ideal for large gatherings.',
      'The living areas flow out onto a wide terrace shaded by a pergola of climbing vines.',
    ],
    variants: [
      {
        id: 'seaside',
        weight: 3,
        coastal: true,
        nameTemplates: ['{adj} Seaside Villa, {city}', 'Clifftop Villa near {city}', 'Villa {surname}', 'Casa {surname}'],
        summaryTemplates: [
          'Secluded {beds}-bedroom villa with an infinity pool and uninterrupted sea views.',
          'Whitewashed villa a short stroll from the beach at {city}, ideal as a family holiday home.',
          'Architect-designed villa with walls of glass, a spa and a private jetty.',
        ],
        descriptionParagraphs: [
          'An infinity pool seems to spill into the sea, with sun loungers on a travertine deck.',
          'Steps lead down through the garden to a small cove where the water is clear and calm.',
        ],
        tags: ['villa', 'luxury homes', 'pool', 'ocean view', 'waterfront', 'vacation rental', 'beach house', 'terrace'],
      },
      {
        id: 'country',
        weight: 3,
        numbers: { ha: [2, 12] },
        nameTemplates: ['Domaine {surname}', 'The Orchard Villa', '{style} Estate near {city}', 'Villa {surname} among the Vines'],
        summaryTemplates: [
          'Restored {year} villa set in {ha} hectares of gardens, orchards and vineyards.',
          'Country villa with {baths} bathrooms, shaded terraces and a vaulted wine cellar.',
        ],
        descriptionParagraphs: [
          'The vaulted cellar, once used for pressing grapes, now houses a wine room and tasting table.',
          'Terracotta floors, lime-washed walls and hand-painted tiles were kept during the renovation.',
          'The grounds include an orchard, a kitchen garden and a tennis court.',
        ],
        tags: ['villa', 'luxury homes', 'garden', 'wine cellar', 'courtyard', 'for sale', 'vacation rental'],
      },
      {
        id: 'hillside',
        weight: 2,
        nameTemplates: ['{adj} Villa above {city}', '{style} Villa with Pool, {city}', 'Villa on {street}', 'Villa Serena, {city}'],
        summaryTemplates: [
          '{style} villa of {sqm} m² with a pool house, outdoor kitchen and guest cottage.',
          'Hillside villa above {city} with a pool, {baths} bathrooms and long views.',
        ],
        descriptionParagraphs: [
          'A tree-lined drive leads to the main house, where a double-height hall opens onto the gardens.',
          'The pool terrace faces west, over the roofs of {city} and the hills beyond.',
        ],
        tags: ['villa', 'luxury homes', 'pool', 'mountain view', 'garden', 'modern', 'for sale'],
      },
    ],
  },
  SHOP: {
    common: [
      'Tagged products in the tour link straight to the online shop, so you can browse and buy in one place.',
      'Click-and-collect orders are ready within the hour from the counter at the back.',
      'The shopfront, with its original carved fascia and brass door handles, dates from {year}.',
    ],
    variants: [
      {
        id: 'bookshop',
        weight: 2,
        nameTemplates: ['The {adj} Bookshop, {city}', '{surname} Books', '{street} Bookshop'],
        summaryTemplates: [
          'Browse the shelves of this independent bookshop on {street} from anywhere.',
          'Family-run bookshop trading since {year}, with a reading corner and a children’s room.',
        ],
        descriptionParagraphs: [
          'Inside, oak shelving runs floor to ceiling and a rolling library ladder reaches the top.',
          'Armchairs in the back room invite you to read a chapter before you buy.',
        ],
        tags: ['retail', 'vintage', 'design', 'interior design'],
      },
      {
        id: 'showroom',
        weight: 2,
        nameTemplates: ['{surname} Furniture Showroom', '{city} Design Market', '{surname} Home Showroom'],
        summaryTemplates: [
          'Furniture showroom with room-sets by {n} independent designers.',
          'Showroom of {sqm} m² for furniture, lighting and rugs, styled as real rooms.',
        ],
        descriptionParagraphs: [
          'Room-sets on the first floor show the collection styled as living rooms, dining rooms and studies.',
          'Samples of every fabric and finish hang along the back wall of the showroom.',
        ],
        tags: ['retail', 'showroom', 'furniture', 'design', 'interior design', 'commercial'],
      },
      {
        id: 'fashion',
        weight: 3,
        nameTemplates: ['{surname} Flagship Store, {city}', '{street} Concept Store', 'Maison {surname}', "{first}'s Vintage Emporium", '{surname} & Co.'],
        summaryTemplates: [
          'Flagship store of {sqm} m² over two floors, with a tailoring studio.',
          'Concept store mixing fashion, homeware and plants in a restored {style} shopfront.',
        ],
        descriptionParagraphs: [
          'The fitting rooms are generously sized, with velvet curtains and soft, flattering light.',
          'Seasonal window displays are designed in-house and change every six weeks.',
        ],
        tags: ['retail', 'fashion', 'flagship store', 'design', 'vintage', 'commercial'],
      },
      {
        id: 'food',
        weight: 2,
        nameTemplates: ['{surname} Wine Merchants', '{city} Deli & Grocer', '{surname} Fine Foods', '{adj} Pantry on {street}'],
        summaryTemplates: ['Family-run shop on {street}, trading since {year}.', 'Neighbourhood food shop with a tasting counter and shelves stocked by hand.'],
        descriptionParagraphs: [
          'A small espresso counter by the window serves customers and neighbours alike.',
          'Deliveries arrive each morning, and the shelves are restocked before the doors open.',
        ],
        tags: ['retail', 'food & drink', 'commercial', 'vintage'],
      },
    ],
  },
  RESTAURANT: {
    common: ['Use the tour to choose your table, check accessibility and plan private events.', 'It has been run by the {surname} family since {year}.'],
    variants: [
      {
        id: 'restaurant',
        weight: 4,
        nameTemplates: [
          'Trattoria {surname}',
          'The {adj} Table, {city}',
          "{surname}'s Kitchen",
          'Osteria del {surname}',
          'Brasserie {surname}',
          'Izakaya {surname}',
          'The Oyster House, {city}',
        ],
        summaryTemplates: [
          '{seats}-seat restaurant with an open kitchen and a wood-fired oven.',
          'Neighbourhood restaurant on {street} serving seasonal plates since {year}.',
          'Private dining room for up to {seats} guests, scanned for event planners.',
        ],
        descriptionParagraphs: [
          'The dining room seats {seats}, with banquettes along one wall and a long counter facing the open kitchen.',
          'A wood-fired oven anchors the kitchen, and most of the menu passes through it.',
          'Brass lamps, green tiles and marble tabletops give the dining room a warm, timeless glow.',
        ],
        tags: ['restaurant', 'food & drink', 'hospitality', 'interior design', 'courtyard', 'wine cellar'],
      },
      {
        id: 'cafe',
        weight: 3,
        nameTemplates: ['Café {street}', 'The Copper Kettle, {city}', 'Café {surname}', '{adj} Bakery Café, {city}'],
        summaryTemplates: [
          'Light-filled café with a bakery counter and a leafy courtyard.',
          'Corner café on {street} with a roaster in the window and {seats} seats.',
        ],
        descriptionParagraphs: [
          'Bread and pastries come out of the oven behind the counter every morning at six.',
          'Window seats look onto {street}, making the café a favourite for people-watching.',
        ],
        tags: ['cafe', 'food & drink', 'hospitality', 'courtyard', 'terrace'],
      },
      {
        id: 'bar',
        weight: 2,
        nameTemplates: ['{city} Rooftop Cocktail Bar', '{first} & {first} Wine Bar', 'Bar {n}, {street}'],
        summaryTemplates: ['Rooftop cocktail bar with panoramic views across {city}.', 'Take a seat in this candle-lit wine bar before you book.'],
        descriptionParagraphs: [
          'Downstairs, the vaulted cellar holds more than a thousand bottles and a table for twelve.',
          'The terrace opens from April to October under strings of festoon lights.',
        ],
        tags: ['bar', 'nightlife', 'food & drink', 'rooftop', 'hospitality', 'wine cellar'],
      },
    ],
  },
  HOTEL: {
    common: [
      'Walk the corridors, peek into each room category and pick the view you want.',
      'Each of the {rooms} rooms is decorated differently, with local art and handmade furniture.',
    ],
    variants: [
      {
        id: 'boutique',
        weight: 4,
        nameTemplates: ['{street} Boutique Hotel', '{adj} House Hotel, {city}', 'Hotel {surname}', 'The {surname} Inn', 'Palazzo {surname} Hotel'],
        summaryTemplates: [
          'Boutique hotel with {rooms} individually designed rooms, a rooftop bar and a spa.',
          'Small hotel on {street} with {rooms} rooms and a cosy library bar.',
        ],
        descriptionParagraphs: [
          'On the top floor, the rooftop bar serves cocktails with a view over the whole of {city}.',
          'Breakfast is served in a glass conservatory overlooking the hotel garden.',
        ],
        tags: ['hotel', 'boutique hotel', 'hospitality', 'rooftop', 'city view', 'art deco'],
      },
      {
        id: 'grand',
        weight: 2,
        nameTemplates: ['The {city} Grand Hotel', '{style} Hotel {city}', 'Grand Hotel {surname}'],
        summaryTemplates: [
          'Grand {year} hotel, restored with its ballroom intact.',
          'Tour the rooms, lobby and spa of this {stars}-star hotel before you book.',
        ],
        descriptionParagraphs: [
          'The lobby keeps its original mosaic floor and a sweeping staircase from {year}.',
          'The ballroom and garden are popular for weddings, and both are included in the scan.',
        ],
        tags: ['hotel', 'historic', 'hospitality', 'wedding venue', 'spa', 'city view'],
      },
      {
        id: 'resort',
        weight: 2,
        coastal: true,
        nameTemplates: ['{city} Beach Resort', '{city} Harbour Hotel & Spa', 'The {adj} Bay Resort'],
        summaryTemplates: [
          'Beachfront resort with pools, gardens and villas scattered among the palms.',
          'Seafront hotel at {city} with a spa, {rooms} rooms and a private beach.',
        ],
        descriptionParagraphs: [
          'The spa has a heated pool, steam room and five treatment rooms facing the sea.',
          'Suites come with freestanding bathtubs and private balconies over the water.',
        ],
        tags: ['hotel', 'resort', 'spa', 'pool', 'ocean view', 'hospitality', 'vacation rental'],
      },
      {
        id: 'lodge',
        weight: 1,
        mountain: true,
        nameTemplates: ['The {adj} Lodge, {city}', 'Ryokan {surname}', '{surname} Mountain Lodge'],
        summaryTemplates: [
          'Mountain lodge near {city} with fireplaces, a sauna and trails from the door.',
          'Timber lodge hotel with {rooms} rooms facing the peaks.',
        ],
        descriptionParagraphs: ['A stone fireplace warms the lounge, and the sauna looks out over the valley.'],
        tags: ['hotel', 'mountain view', 'spa', 'hospitality', 'vacation rental'],
      },
    ],
  },
  VENUE: {
    common: [
      'Planners can walk the space, check sight lines and measure for staging directly in the tour.',
      'The venue is fully accessible, with step-free access and a hearing loop.',
    ],
    variants: [
      {
        id: 'theatre',
        weight: 2,
        nameTemplates: ['The {city} Playhouse', '{street} Theatre', '{surname} Theatre, {city}'],
        summaryTemplates: ['Historic theatre seating {capacity}, with a restored proscenium arch and gilded boxes.'],
        descriptionParagraphs: [
          'Built in {year}, the auditorium has been restored with velvet seats and a painted ceiling.',
          'A green room, loading bay and in-house technical team make productions straightforward.',
        ],
        tags: ['theater', 'event venue', 'historic', 'architecture'],
      },
      {
        id: 'concert-hall',
        weight: 1,
        nameTemplates: ['{city} Concert Hall', '{surname} Hall, {city}'],
        summaryTemplates: ['Concert hall renowned for its acoustics, scanned from stalls to organ loft.'],
        descriptionParagraphs: ['The concert hall holds {capacity} seats around a stage built for a full orchestra.'],
        tags: ['concert hall', 'event venue', 'architecture', 'cool places'],
      },
      {
        id: 'wedding',
        weight: 2,
        nameTemplates: ['{surname} Barn Weddings', 'Orangery at {surname} Park', 'The Glasshouse Wedding Venue, {city}', 'The {adj} Ballroom'],
        summaryTemplates: [
          'Wedding venue with a courtyard, a bridal suite and gardens for ceremonies.',
          'A wedding venue for up to {capacity} guests, from the ceremony to the last dance.',
        ],
        descriptionParagraphs: [
          'Exposed beams, chandeliers and a vast fireplace give the wedding venue its romantic atmosphere.',
          'The gardens run down to the water, ideal for outdoor ceremonies and summer drinks.',
        ],
        tags: ['wedding venue', 'event venue', 'garden', 'hospitality'],
      },
      {
        id: 'events',
        weight: 2,
        nameTemplates: ['The Old Print Works Events, {city}', 'Events Hall {n}, {city}', 'The {adj} Events Space, {city}'],
        summaryTemplates: [
          'Flexible event space for up to {capacity} guests in a converted {year} building.',
          'Events hall with a stage, a long counter and room for {capacity} guests.',
        ],
        descriptionParagraphs: [
          'The main hall holds {capacity} standing guests, with a sprung dance floor and a mezzanine.',
          'There are {n} breakout rooms that can be booked alongside the main space.',
        ],
        tags: ['event venue', 'nightlife', 'industrial', 'cool places'],
      },
    ],
  },
  LANDMARK: {
    common: [
      'Many of these spaces are normally closed to the public; the scan opens them to everyone.',
      'Guided hotspots in the tour tell the story of the people who built and used it.',
      'It survived fires, storms and two wars before its careful restoration.',
    ],
    variants: [
      {
        id: 'lighthouse',
        weight: 2,
        coastal: true,
        motif: 'LIGHTHOUSE',
        numbers: { m: [18, 65], steps: [90, 260], year: [1790, 1935] },
        nameTemplates: [
          '{surname} Point Lighthouse',
          '{city} Harbour Lighthouse',
          'Old Lighthouse of {city}',
          'North Pier Lighthouse, {city}',
          'Cape {surname} Lighthouse',
        ],
        summaryTemplates: [
          "Lighthouse and keeper's cottage on a windswept headland near {city}.",
          'Climb the {steps} steps of this {year} lighthouse to the lantern room above the sea.',
          'The {m}-metre lighthouse that has guided ships into {city} since {year}.',
        ],
        descriptionParagraphs: [
          'A spiral staircase of {steps} steps winds up the lighthouse tower to the lantern room and its great lens.',
          "The keeper's cottage at its foot keeps the logbooks, oil lamps and foghorn of earlier days.",
          'From the gallery around the lantern, the coast of {city} stretches away in both directions.',
        ],
        tags: ['lighthouse', 'landmark', 'historic', 'heritage', 'cool places'],
      },
      {
        id: 'castle',
        weight: 3,
        zones: ['Europe'],
        numbers: { year: [1080, 1480] },
        motif: 'CASTLE',
        nameTemplates: ['{city} Castle', 'Fort {surname}', '{surname} Castle'],
        summaryTemplates: [
          'Explore the state rooms, courtyards and ramparts of a medieval castle above {city}.',
          'A castle begun in {year}, from the dungeons to the battlements.',
        ],
        descriptionParagraphs: [
          'Inside the castle, the great hall is lined with tapestries and lit by tall stained-glass windows.',
          'The ramparts look out across {city} and the surrounding hills.',
        ],
        tags: ['castle', 'landmark', 'historic', 'heritage', 'history', 'courtyard'],
      },
      {
        id: 'tower',
        weight: 3,
        motif: 'TOWER',
        nameTemplates: ['The {city} Clock Tower', 'The {adj} Tower, {city}', '{city} Observation Tower'],
        summaryTemplates: [
          'Climb the {steps} steps of this {year} clock tower without leaving your chair.',
          'The iconic {m}-metre tower of {city}, scanned from its base to the viewing platform.',
        ],
        descriptionParagraphs: [
          'The viewing platform offers a 360° panorama across {city}.',
          'Its distinctive silhouette has appeared on postcards, stamps and film posters for generations.',
        ],
        tags: ['landmark', 'architecture', 'city view', 'cool places', 'brutalist'],
      },
      {
        id: 'civic',
        weight: 3,
        motif: 'CIVIC',
        nameTemplates: ['Old Town Hall, {city}', '{city} Opera House', '{city} Central Railway Station', 'Palace of {surname}', '{city} Observatory'],
        summaryTemplates: [
          'A {year} landmark of {city}, open room by room from the entrance hall to the roof.',
          'Go behind the scenes of one of the best-loved buildings in {city}.',
        ],
        descriptionParagraphs: [
          'Construction began in {year} and took nearly four decades to complete.',
          'A grand staircase rises beneath a painted ceiling to the state rooms on the first floor.',
        ],
        tags: ['landmark', 'architecture', 'historic', 'baroque', 'heritage'],
      },
    ],
  },
  CHURCH: {
    common: [
      'Services continue here every week, and visitors are welcome outside service times.',
      'The church was consecrated in {year} and enlarged several times over the following centuries.',
    ],
    variants: [
      {
        id: 'cathedral',
        weight: 2,
        nameTemplates: ['{city} Cathedral', '{city} Minster', 'Cathedral of St. {first}, {city}'],
        summaryTemplates: [
          'Gothic cathedral with stained glass, a crypt and a {m}-metre spire.',
          'The cathedral of {city}, scanned from the crypt to the bell tower.',
        ],
        descriptionParagraphs: [
          'The nave rises to a ribbed stone vault, lit by clerestory windows on both sides.',
          'Beneath the choir, a crypt holds tombs and the foundations of an earlier building.',
        ],
        tags: ['cathedral', 'church', 'religious', 'gothic', 'landmark', 'heritage'],
      },
      {
        id: 'parish',
        weight: 3,
        nameTemplates: ["St. {first}'s Church, {city}", 'Old Parish Church, {city}', 'Church of the Holy Cross, {city}', 'Basilica of St. {first}, {city}'],
        summaryTemplates: [
          'A {year} church with a soaring nave, vaulted ceiling and restored organ.',
          'Parish church at the heart of {city}, still in daily use.',
          'Baroque church with gilded altars and a painted dome.',
        ],
        descriptionParagraphs: [
          'The organ, rebuilt in the last century, has more than three thousand pipes.',
          'Look closely at the carved choir stalls: each seat hides a different creature.',
        ],
        tags: ['church', 'religious', 'baroque', 'historic', 'architecture'],
      },
      {
        id: 'chapel',
        weight: 1,
        coastal: true,
        nameTemplates: ['Chapel of St. {first}, {city}', 'Sea Chapel of {city}'],
        summaryTemplates: ['Tiny whitewashed chapel perched above the sea near {city}.'],
        descriptionParagraphs: ['The chapel has room for twenty, and its door opens straight onto the sea wind.'],
        tags: ['church', 'religious', 'cool places', 'heritage'],
      },
      {
        id: 'abbey',
        weight: 1,
        nameTemplates: ['St. {surname} Abbey', 'Priory of St. {first}, {city}'],
        summaryTemplates: ['Walk the cloisters and chapter house of a medieval abbey.'],
        descriptionParagraphs: ['The cloister garden of the abbey is planted with herbs that monks once grew for medicine.'],
        tags: ['church', 'religious', 'historic', 'heritage', 'gothic'],
      },
    ],
  },
  SCHOOL: {
    common: [
      'Prospective families and students can explore the whole campus before booking an open day.',
      'The auditorium hosts concerts, graduation ceremonies and public lectures.',
    ],
    variants: [
      {
        id: 'school',
        weight: 3,
        nameTemplates: ['{city} International School', "St. {first}'s Primary School, {city}", '{city} Montessori School', '{surname} School'],
        summaryTemplates: [
          'Primary school with bright classrooms, a forest garden and a new sports hall.',
          'International school of {students} students with labs, studios and a library.',
        ],
        descriptionParagraphs: [
          'Classrooms are arranged around a central atrium that doubles as an assembly space.',
          'A new sports hall, climbing wall and playing fields sit at the edge of the school grounds.',
        ],
        tags: ['school', 'education', 'campus', 'modern'],
      },
      {
        id: 'university',
        weight: 3,
        nameTemplates: ['University of {city} Library', '{surname} Hall, University of {city}', 'Institute of {subject}, {city}', '{surname} College'],
        summaryTemplates: [
          'Historic university library with a domed reading room founded in {year}.',
          'Home to {students} students, the campus mixes historic halls with modern labs.',
        ],
        descriptionParagraphs: [
          'The library holds rare manuscripts alongside modern study spaces and group rooms.',
          'The main building, completed in {year}, surrounds a quiet quadrangle.',
        ],
        tags: ['university', 'campus', 'library', 'education', 'historic', 'architecture'],
      },
      {
        id: 'academy',
        weight: 2,
        nameTemplates: ['{surname} Academy of Music', '{city} School of Design', '{surname} Science Academy'],
        summaryTemplates: [
          'Design school studios, workshops and graduate show spaces in one walk-through.',
          'Academy with {n} teaching labs and a rooftop telescope.',
        ],
        descriptionParagraphs: [
          'Workshops for wood, metal, ceramics and digital fabrication are open to all students.',
          'Science labs were refitted last year with fume cupboards and demonstration benches.',
        ],
        tags: ['school', 'education', 'science', 'design', 'campus'],
      },
    ],
  },
  YACHT: {
    common: ['Crew quarters, galley and engine room are all included in the scan.', 'She is moored in the marina at {city} and available for summer charter.'],
    variants: [
      {
        id: 'motor',
        weight: 3,
        coastal: true,
        nameTemplates: ['Motor Yacht {surname}', 'M/Y {adj} Spirit', 'M/Y Serenity', 'Superyacht Blue Horizon', '{m} m Explorer Yacht'],
        summaryTemplates: [
          '{m}-metre motor yacht with {cabins} cabins, a sun deck and jacuzzi.',
          'Modern superyacht interior with floor-to-ceiling windows and an open-air cinema.',
          'Explorer yacht with a beach club, tender garage and helipad.',
        ],
        descriptionParagraphs: [
          'The main saloon opens onto the aft deck through full-height glass doors.',
          "On the sun deck you'll find a jacuzzi, a bar and a shaded lounge area.",
        ],
        tags: ['yacht', 'superyacht', 'marina', 'cool places'],
      },
      {
        id: 'sailing',
        weight: 2,
        coastal: true,
        nameTemplates: ['Sailing Yacht Aurora', 'S/Y {first}', 'Classic Schooner {first}', 'Gulet {first}'],
        summaryTemplates: [
          'Classic wooden sailing yacht built in {year}, lovingly restored.',
          'Step aboard a {m}-metre sailing yacht and explore every deck in 3D.',
        ],
        descriptionParagraphs: [
          'Teak decks, varnished mahogany and polished brass keep the classic character of the {year} build.',
          '{cabins} guest cabins sleep {guests}, each with its own bathroom.',
        ],
        tags: ['yacht', 'sailing', 'marina', 'vacation rental'],
      },
      {
        id: 'catamaran',
        weight: 1,
        coastal: true,
        nameTemplates: ['Catamaran Sea Breeze', 'Catamaran {first}'],
        summaryTemplates: ['Charter catamaran for {guests} guests with a spacious flybridge.'],
        descriptionParagraphs: ['A fold-down swim platform brings guests right down to the water.'],
        tags: ['yacht', 'sailing', 'vacation rental', 'marina'],
      },
    ],
  },
};
