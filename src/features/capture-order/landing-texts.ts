/**
 * Texts of the capture-services landing page, English only like the ordering flow (spec 9).
 * Prices, limits and served areas are the API's; these are the words around them.
 */
import { DELIVERY_HOURS } from '../../domain/capture-rules.ts';

const sqft = (n: number) => `${new Intl.NumberFormat('en-US').format(n)} sq ft`;

/** The landing page's texts. */
export const LANDING = {
  title: 'Capture services: a technician scans your property',
  description: `Order a professional 3D capture of your property. A technician visits, and your digital twin is delivered within ${DELIVERY_HOURS} hours of the visit.`,
  kicker: 'Capture services',
  heading: 'Get your property captured by a professional',
  lede: (hours: number) =>
    `A Discover technician visits your property with a professional 3D camera and scans every room. Your digital twin — an immersive 3D tour you can share on Discover — is delivered within ${hours} hours of the visit.`,
  start: 'Order a capture',
  orders: 'Your orders',
  pricing: 'Pricing',
  priceFallback: 'Priced by the size of the property',
  facts: (max: string, hours: number) => [
    `Digital twin delivered within ${hours} hours of the visit`,
    `Residential and commercial properties up to ${max} sq ft per order`,
    'Free rescheduling and cancellation until 24 hours before the visit',
    'Available on the Professional and Business plans',
  ],
  whatTitle: 'What is a capture?',
  what: [
    'A capture is a visit by a trained technician who scans your property room by room with a professional 3D camera. From the scans we build a digital twin: a true-to-scale 3D model of the space that visitors walk through in their browser.',
    'Use it to market a listing, document a building, plan a renovation or welcome guests before they arrive. The digital twin appears in your Discover account, ready to publish.',
  ],
  howTitle: 'How it works',
  how: (hours: number) => [
    { title: 'Tell us about the property', text: 'Enter the address. We check right away that a technician serves the area.' },
    { title: 'Describe the spaces', text: 'Residential or commercial, and the approximate size of each space to capture.' },
    { title: 'Choose a time', text: 'Pick a day and start time that suits you, shown in the property’s time zone.' },
    { title: 'Get your digital twin', text: `The technician captures the property; your digital twin is delivered within ${hours} hours.` },
  ],
  tiersNote: 'The price depends on the total size of the spaces; tax and VAT are added at checkout.',
  size: 'Total size',
  priceCol: 'Price',
  tierFirst: (upTo: number) => `Up to ${sqft(upTo)}`,
  tierRange: (from: number, upTo: number) => `${sqft(from)} to ${sqft(upTo)}`,
  areasTitle: 'Where we capture',
  areasLede: (n: number) => `Our technicians serve ${n} metro areas and their surroundings.`,
  areasUnknown: 'Our technicians serve metro areas on five continents.',
  notCovered: 'Not on the list? Start an order anyway: we check your exact address, and if we do not cover it yet you can ask to be told when we do.',
  faqTitle: 'Questions',
  faq: (hours: number, max: string) => [
    {
      q: 'Which plans include capture services?',
      a: 'Capture services are available on the Professional and Business plans. If your account is on the Starter plan, an Owner of the account can upgrade while ordering.',
    },
    {
      q: 'How large can the property be?',
      a: `One order covers up to ${max} sq ft in total. For larger properties, talk to our sales team and we will plan the capture with you.`,
    },
    {
      q: 'Can I reschedule or cancel?',
      a: 'Yes, until 24 hours before the appointment, from the order’s page. A cancelled order is credited in full to your account and the credit is used first on your next order.',
    },
    { q: 'When do I get my digital twin?', a: `Within ${hours} hours of the visit. We email you as soon as it is ready.` },
    {
      q: 'How do I pay?',
      a: 'Orders are billed to your account: we issue a numbered invoice when you confirm. Account Owners and Billing Contacts can download it from the order’s page.',
    },
  ],
  finalTitle: 'Ready when you are',
  finalText: 'Order a capture in a few minutes.',
};
