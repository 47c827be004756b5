import type { FeatureId, Hosting, IndustryId } from '../../src/domain/marketplace-rules.ts';

/**
 * The demo marketplace: 12 partners, 26 apps in the 6 industries, 5 collections. Written by hand so
 * names, summaries and descriptions read like a real app store; every domain is under `.example`
 * (reserved, never resolves).
 */

/** A demo partner; `endpoint: false` means leads go by email only. */
export interface DemoPartner {
  slug: string;
  name: string;
  website: string;
  /** Two brand colours for the logo (background gradient) and a glyph drawn on it. */
  colors: readonly [string, string];
  glyph: 'plan' | 'lens' | 'key' | 'shield' | 'umbrella' | 'gear' | 'crane' | 'sofa' | 'chart' | 'play' | 'drop' | 'bell';
  endpoint: boolean;
}

/** A demo app. */
export interface DemoApp {
  slug: string;
  name: string;
  partner: string;
  summary: string;
  description: string;
  industries: IndustryId[];
  features: FeatureId[];
  beta?: boolean;
  hosting?: Hosting;
  /** Path on the partner's site (the website is the partner's origin + path). */
  path: string;
  screenshots: 3 | 4;
}

export const DEMO_PARTNERS: readonly DemoPartner[] = [
  { slug: 'planwise', name: 'Planwise', website: 'https://planwise.example', colors: ['#1e6fd9', '#11b5c9'], glyph: 'plan', endpoint: true },
  { slug: 'listlens', name: 'ListLens', website: 'https://listlens.example', colors: ['#7b3fe4', '#e0457b'], glyph: 'lens', endpoint: true },
  { slug: 'stayframe', name: 'StayFrame', website: 'https://stayframe.example', colors: ['#ff7a45', '#ffb547'], glyph: 'key', endpoint: true },
  { slug: 'claimsight', name: 'Claimsight', website: 'https://claimsight.example', colors: ['#0f766e', '#34d399'], glyph: 'shield', endpoint: true },
  {
    slug: 'northwind-insure',
    name: 'Northwind Insure',
    website: 'https://northwind-insure.example',
    colors: ['#1e3a8a', '#60a5fa'],
    glyph: 'umbrella',
    endpoint: false,
  },
  { slug: 'facilityos', name: 'FacilityOS', website: 'https://facilityos.example', colors: ['#334155', '#f59e0b'], glyph: 'gear', endpoint: true },
  { slug: 'buildtrack', name: 'Buildtrack', website: 'https://buildtrack.example', colors: ['#c2410c', '#facc15'], glyph: 'crane', endpoint: true },
  { slug: 'staged-co', name: 'Staged & Co.', website: 'https://staged-co.example', colors: ['#9d174d', '#f9a8d4'], glyph: 'sofa', endpoint: false },
  { slug: 'aislemetrics', name: 'AisleMetrics', website: 'https://aislemetrics.example', colors: ['#047857', '#a3e635'], glyph: 'chart', endpoint: true },
  { slug: 'tourly', name: 'Tourly', website: 'https://tourly.example', colors: ['#4338ca', '#22d3ee'], glyph: 'play', endpoint: true },
  { slug: 'restoreiq', name: 'RestoreIQ', website: 'https://restoreiq.example', colors: ['#0369a1', '#38bdf8'], glyph: 'drop', endpoint: false },
  { slug: 'hostdesk', name: 'Hostdesk', website: 'https://hostdesk.example', colors: ['#b45309', '#fb923c'], glyph: 'bell', endpoint: true },
];

export const DEMO_APPS: readonly DemoApp[] = [
  {
    slug: 'planwise-floor-plans',
    name: 'Planwise Floor Plans',
    partner: 'planwise',
    summary: 'Measured 2D floor plans from any scanned space, delivered in under 24 hours.',
    description:
      'Order a **measured floor plan** straight from your space. Planwise traces every wall, door and window from the scan and sends back a clean, branded plan.\n\n- Schematic and furnished styles, in feet or metres\n- Room names, areas and total floor area\n- PNG, PDF and SVG exports for listings and permits\n\nPlans arrive within 24 hours, usually much sooner.',
    industries: ['real-estate', 'architecture-construction'],
    features: ['floor-plans', 'measurements'],
    path: '/floor-plans',
    screenshots: 4,
  },
  {
    slug: 'planwise-cad-export',
    name: 'Planwise CAD Export',
    partner: 'planwise',
    summary: 'Point clouds and as-built DWG files for architects who start from what is really there.',
    description:
      'Skip the tape measure on your next renovation. **Planwise CAD Export** turns a scanned space into an as-built drawing your CAD tool opens directly.\n\n- DWG and DXF with layers for walls, openings and fixtures\n- E57 point cloud at full density\n- Reflected ceiling plans on request\n\nBuilt with practising architects; accuracy figures are in the technical brief.',
    industries: ['architecture-construction'],
    features: ['floor-plans', 'measurements'],
    path: '/cad',
    screenshots: 3,
  },
  {
    slug: 'listlens-listings',
    name: 'ListLens Listings',
    partner: 'listlens',
    summary: 'Publish a listing with the 3D tour, photos and floor plan to 40 portals in one step.',
    description:
      'ListLens pulls the best stills out of your 3D tour, writes a first draft of the description and syndicates the listing with the tour embedded.\n\n- 40+ portals in North America and Europe\n- Automatic photo picks from the tour, with HDR correction\n- Lead routing back to the listing agent',
    industries: ['real-estate'],
    features: ['property-listing', 'embeds'],
    path: '/listings',
    screenshots: 4,
  },
  {
    slug: 'listlens-open-house',
    name: 'ListLens Open House',
    partner: 'listlens',
    summary: 'Live-guided virtual open houses with chat, sign-in sheets and follow-up emails.',
    description:
      'Host an open house inside the tour: walk buyers through the space live, answer questions in chat and collect sign-ins that flow into your CRM.\n\n- Up to 200 guests per session\n- Automatic recording and highlights\n- *Beta*: AI summaries of every question asked',
    industries: ['real-estate'],
    features: ['property-listing', 'analytics'],
    beta: true,
    path: '/open-house',
    screenshots: 3,
  },
  {
    slug: 'stayframe-direct-booking',
    name: 'StayFrame Direct Booking',
    partner: 'stayframe',
    summary: 'A commission-free booking site for your rental, with the 3D tour front and centre.',
    description:
      'Guests book with confidence when they have walked through the place first. StayFrame builds a direct booking site around your tour, synced with your channel calendars.\n\n- Calendar sync with the major rental platforms\n- Card payments, deposits and damage waivers\n- Guest messaging templates in 12 languages',
    industries: ['short-term-rentals', 'retail-hospitality'],
    features: ['booking', 'embeds'],
    hosting: 'OUTSIDE',
    path: '/direct',
    screenshots: 4,
  },
  {
    slug: 'stayframe-listing-boost',
    name: 'StayFrame Listing Boost',
    partner: 'stayframe',
    summary: 'Tour-first listing pages for rental channels, with room-by-room photo captions.',
    description:
      'Turn one scan into a complete rental listing: captioned photos for every room, a floor plan for the amenities section and the tour link where channels allow it.\n\n- Amenity detection from the scan\n- Caption suggestions you can edit\n- Works with your existing channel manager',
    industries: ['short-term-rentals'],
    features: ['property-listing', 'floor-plans'],
    path: '/boost',
    screenshots: 3,
  },
  {
    slug: 'stayframe-turnover',
    name: 'StayFrame Turnover',
    partner: 'stayframe',
    summary: 'Cleaning and inspection checklists pinned to the exact spot in the tour.',
    description:
      'Give your cleaning crew a checklist that points at the thing to check. Each task is pinned in the tour, with photos of how the room should look.\n\n- Turnover schedules from your bookings\n- Damage reports with before/after views\n- Crew app for iOS and Android',
    industries: ['short-term-rentals', 'facilities-management'],
    features: ['work-orders', 'booking'],
    beta: true,
    path: '/turnover',
    screenshots: 3,
  },
  {
    slug: 'claimsight-desk-adjuster',
    name: 'Claimsight Desk Adjuster',
    partner: 'claimsight',
    summary: 'Adjust property claims from your desk: measure damage in the tour, estimate, approve.',
    description:
      'Claimsight lets desk adjusters settle property claims without a site visit. Measure affected areas directly in the tour and send line items to your estimating platform.\n\n- Damage tagging with area and volume\n- Estimate export in the common industry formats\n- Full audit trail for every measurement',
    industries: ['insurance-restoration'],
    features: ['claims', 'measurements'],
    path: '/desk-adjuster',
    screenshots: 4,
  },
  {
    slug: 'claimsight-contents',
    name: 'Claimsight Contents',
    partner: 'claimsight',
    summary: 'Contents inventories from a scan, with replacement values for every item.',
    description:
      'Policyholders rarely remember everything they owned. Claimsight Contents lists the items visible in a pre-loss or post-loss scan and prices each one.\n\n- Item detection with categories\n- Replacement values from retail price feeds\n- Policyholder review link',
    industries: ['insurance-restoration'],
    features: ['claims', 'asset-tagging'],
    beta: true,
    path: '/contents',
    screenshots: 3,
  },
  {
    slug: 'northwind-home-protect',
    name: 'Northwind Home Protect',
    partner: 'northwind-insure',
    summary: 'A documented home for a better premium: share your scan with Northwind at renewal.',
    description:
      'Homes with an up-to-date scan are cheaper to insure and faster to settle. Share your space with Northwind and get a quote that reflects what is really there.\n\n- Premium review within two business days\n- Pre-loss record stored for seven years\n- Available in the US and Canada',
    industries: ['insurance-restoration', 'real-estate'],
    features: ['claims'],
    hosting: 'OUTSIDE',
    path: '/home-protect',
    screenshots: 3,
  },
  {
    slug: 'northwind-commercial-risk',
    name: 'Northwind Commercial Risk',
    partner: 'northwind-insure',
    summary: 'Risk surveys for commercial property, prepared from your scan before the site visit.',
    description:
      'Northwind risk engineers review your scan ahead of the survey, flag hazards and prepare questions, so the visit takes an hour instead of a day.\n\n- Fire, egress and storage hazard checklists\n- Recommendations report with locations in the tour\n- Lower premiums for documented improvements',
    industries: ['insurance-restoration', 'facilities-management'],
    features: ['claims', 'analytics'],
    path: '/commercial-risk',
    screenshots: 3,
  },
  {
    slug: 'facilityos-work-orders',
    name: 'FacilityOS Work Orders',
    partner: 'facilityos',
    summary: 'Work orders that open at the right spot in the building, for tenants and technicians.',
    description:
      'Tenants point at the problem in the tour; technicians arrive knowing where it is and what to bring. FacilityOS connects requests, scheduling and sign-off in one place.\n\n- Request portal for tenants\n- Scheduling with SLAs per building\n- Mobile app with offline tours',
    industries: ['facilities-management'],
    features: ['work-orders', 'asset-tagging'],
    path: '/work-orders',
    screenshots: 4,
  },
  {
    slug: 'facilityos-asset-register',
    name: 'FacilityOS Asset Register',
    partner: 'facilityos',
    summary: 'Tag every boiler, panel and valve in the tour and keep its maintenance history there.',
    description:
      'An asset register your team will actually keep up to date: tag equipment where it sits, attach manuals and warranty details, and see service history at a glance.\n\n- QR labels linked to tour positions\n- Maintenance plans and reminders\n- CSV import from existing registers',
    industries: ['facilities-management', 'retail-hospitality'],
    features: ['asset-tagging', 'work-orders'],
    path: '/assets',
    screenshots: 3,
  },
  {
    slug: 'facilityos-space-planner',
    name: 'FacilityOS Space Planner',
    partner: 'facilityos',
    summary: 'Desk and room planning for hybrid offices, from measured plans of your floors.',
    description:
      'Plan seating, meeting rooms and moves from accurate floor plans. Occupancy data shows which spaces are used and which are not.\n\n- Drag-and-drop desk planning\n- Occupancy heatmaps\n- Move plans with checklists',
    industries: ['facilities-management', 'architecture-construction'],
    features: ['floor-plans', 'analytics'],
    beta: true,
    path: '/space-planner',
    screenshots: 3,
  },
  {
    slug: 'buildtrack-progress',
    name: 'Buildtrack Progress',
    partner: 'buildtrack',
    summary: 'Weekly scans of the site, compared side by side, so everyone sees what changed.',
    description:
      'Scan the site every week and Buildtrack lines the scans up: walk today and last month side by side, measure what was built and share progress with owners.\n\n- Side-by-side and overlay comparison\n- Progress percentages per area\n- Issue pins assigned to trades',
    industries: ['architecture-construction'],
    features: ['measurements', 'work-orders'],
    path: '/progress',
    screenshots: 4,
  },
  {
    slug: 'buildtrack-punch-list',
    name: 'Buildtrack Punch List',
    partner: 'buildtrack',
    summary: 'Close out projects faster with punch items pinned in the final scan.',
    description:
      'Walk the finished space once, pin every defect and send each trade its list. Items close with a photo and sign-off, and the owner gets a clean handover record.\n\n- Punch items with photos and due dates\n- Trade portals without extra logins\n- Handover report in PDF',
    industries: ['architecture-construction', 'facilities-management'],
    features: ['work-orders'],
    path: '/punch-list',
    screenshots: 3,
  },
  {
    slug: 'staged-virtual-staging',
    name: 'Staged Virtual Staging',
    partner: 'staged-co',
    summary: 'Photoreal furniture in empty rooms, styled by interior designers, in 48 hours.',
    description:
      'Empty rooms are hard to picture. Our designers furnish your space in the style you choose, and buyers see it staged in the tour and in stills.\n\n- Six styles from Scandinavian to Industrial\n- Unlimited revisions within a week\n- Disclosure watermarks where portals require them',
    industries: ['real-estate', 'short-term-rentals'],
    features: ['virtual-staging', 'property-listing'],
    path: '/virtual-staging',
    screenshots: 4,
  },
  {
    slug: 'staged-renovation-preview',
    name: 'Staged Renovation Preview',
    partner: 'staged-co',
    summary: 'Show buyers what the dated kitchen could become, priced by local contractors.',
    description:
      'Pair every listing with a vision: our designers render the renovation, local contractors price it, and buyers see both before they book a viewing.\n\n- Before and after in the same view\n- Contractor estimates included\n- Works for kitchens, bathrooms and basements',
    industries: ['real-estate', 'architecture-construction'],
    features: ['virtual-staging'],
    beta: true,
    hosting: 'OUTSIDE',
    path: '/renovation-preview',
    screenshots: 3,
  },
  {
    slug: 'aislemetrics-store-insights',
    name: 'AisleMetrics Store Insights',
    partner: 'aislemetrics',
    summary: 'Planogram compliance and shelf analytics for every store, from one scan a month.',
    description:
      'Know what every shelf looks like without visiting every store. AisleMetrics compares monthly scans with your planograms and flags gaps.\n\n- Planogram compliance scores per aisle\n- Out-of-stock and facing alerts\n- Regional dashboards for field teams',
    industries: ['retail-hospitality'],
    features: ['analytics', 'asset-tagging'],
    path: '/store-insights',
    screenshots: 4,
  },
  {
    slug: 'aislemetrics-rollout',
    name: 'AisleMetrics Rollout',
    partner: 'aislemetrics',
    summary: 'Plan store refits remotely and check each one was installed as designed.',
    description:
      'Design a refit once, roll it out to hundreds of stores, and verify each installation from the after-scan instead of sending an auditor.\n\n- Fixture plans on measured layouts\n- Installer checklists\n- Photo-free verification from scans',
    industries: ['retail-hospitality', 'architecture-construction'],
    features: ['floor-plans', 'work-orders'],
    path: '/rollout',
    screenshots: 3,
  },
  {
    slug: 'tourly-embed-studio',
    name: 'Tourly Embed Studio',
    partner: 'tourly',
    summary: 'Branded tour embeds with call-to-action buttons, for any website builder.',
    description:
      'Put your tours on your own site with your colours, your logo and a button that books a viewing or a table. One line of code, or a plug-in for the popular site builders.\n\n- Custom start positions and highlight reels\n- Lead capture forms inside the embed\n- Lightweight: loads only when a visitor clicks',
    industries: ['real-estate', 'retail-hospitality'],
    features: ['embeds'],
    path: '/embed-studio',
    screenshots: 4,
  },
  {
    slug: 'tourly-analytics',
    name: 'Tourly Analytics',
    partner: 'tourly',
    summary: 'See which rooms visitors linger in and which tours turn into enquiries.',
    description:
      'Tourly Analytics shows how people move through your tours: where they start, where they stay and what they click before getting in touch.\n\n- Room-level dwell time heatmaps\n- Enquiry attribution per tour\n- Weekly email reports',
    industries: ['real-estate', 'retail-hospitality', 'short-term-rentals'],
    features: ['analytics', 'embeds'],
    hosting: 'OUTSIDE',
    path: '/analytics',
    screenshots: 3,
  },
  {
    slug: 'restoreiq-mitigation',
    name: 'RestoreIQ Mitigation',
    partner: 'restoreiq',
    summary: 'Moisture maps and drying logs for water jobs, documented in the scan.',
    description:
      'Document water mitigation the way carriers want to see it: moisture readings placed in the scan, drying equipment logged daily and a report that writes itself.\n\n- Moisture mapping per room\n- Equipment and drying logs\n- Carrier-ready job reports',
    industries: ['insurance-restoration'],
    features: ['claims', 'measurements', 'work-orders'],
    path: '/mitigation',
    screenshots: 4,
  },
  {
    slug: 'restoreiq-estimates',
    name: 'RestoreIQ Estimates',
    partner: 'restoreiq',
    summary: 'Line-item restoration estimates from measured rooms, ready for carrier review.',
    description:
      'Measure once in the scan and RestoreIQ builds the estimate: wall, floor and ceiling areas per room, with the line items restoration crews need.\n\n- Automatic room measurements\n- Line items with local pricing\n- Supplements tracked against the original',
    industries: ['insurance-restoration', 'architecture-construction'],
    features: ['claims', 'measurements', 'floor-plans'],
    beta: true,
    path: '/estimates',
    screenshots: 3,
  },
  {
    slug: 'hostdesk-guest-guide',
    name: 'Hostdesk Guest Guide',
    partner: 'hostdesk',
    summary: 'An interactive guest guide: the Wi-Fi, the coffee machine and the fuse box, in the tour.',
    description:
      'Fewer late-night messages: guests find everything in a guide built on your tour, from the spare towels to the recycling rules.\n\n- Points of interest pinned in the tour\n- House rules and check-in instructions\n- Available in 12 languages',
    industries: ['short-term-rentals', 'retail-hospitality'],
    features: ['embeds', 'booking'],
    path: '/guest-guide',
    screenshots: 3,
  },
  {
    slug: 'hostdesk-venue-sales',
    name: 'Hostdesk Venue Sales',
    partner: 'hostdesk',
    summary: 'Sell events and private dining with layouts planners can explore and book.',
    description:
      'Event planners want to see the room before they call. Hostdesk shows each room in its banquet, theatre or cocktail layout and takes enquiries with dates and headcount.\n\n- Layout variants per room\n- Availability calendar\n- Proposal builder with floor plans',
    industries: ['retail-hospitality'],
    features: ['booking', 'floor-plans', 'analytics'],
    hosting: 'OUTSIDE',
    path: '/venue-sales',
    screenshots: 4,
  },
];

/** A demo collection of apps (apps by slug, in order). */
export interface DemoCollection {
  slug: string;
  name: string;
  description: string;
  featured: boolean;
  apps: readonly string[];
}

export const DEMO_COLLECTIONS: readonly DemoCollection[] = [
  {
    slug: 'listing-essentials',
    name: 'Listing essentials',
    description: 'Everything a listing agent needs to turn a scan into a listing that sells: plans, staging, syndication and embeds.',
    featured: true,
    apps: ['planwise-floor-plans', 'listlens-listings', 'staged-virtual-staging', 'tourly-embed-studio', 'listlens-open-house'],
  },
  {
    slug: 'short-term-rental-toolkit',
    name: 'Short-term rental toolkit',
    description: 'Get more direct bookings, fewer guest questions and faster turnovers.',
    featured: true,
    apps: ['stayframe-direct-booking', 'stayframe-listing-boost', 'hostdesk-guest-guide', 'stayframe-turnover', 'tourly-analytics'],
  },
  {
    slug: 'claims-and-restoration',
    name: 'Claims and restoration',
    description: 'Settle claims and document restoration work with measurements taken in the scan.',
    featured: false,
    apps: ['claimsight-desk-adjuster', 'restoreiq-mitigation', 'restoreiq-estimates', 'claimsight-contents', 'northwind-home-protect'],
  },
  {
    slug: 'run-your-building',
    name: 'Run your building',
    description: 'Work orders, asset registers and space planning for facilities teams.',
    featured: false,
    apps: ['facilityos-work-orders', 'facilityos-asset-register', 'facilityos-space-planner', 'buildtrack-punch-list', 'northwind-commercial-risk'],
  },
  {
    slug: 'new-and-in-beta',
    name: 'New and in beta',
    description: 'Try what our partners are building next. Beta apps may change before their full release.',
    featured: false,
    apps: ['restoreiq-estimates', 'claimsight-contents', 'staged-renovation-preview', 'facilityos-space-planner', 'stayframe-turnover', 'listlens-open-house'],
  },
];
