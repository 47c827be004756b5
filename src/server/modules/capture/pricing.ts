import type { Money, Plan, PriceLine, PropertyDetailsInput, PropertySummary, TaxLine } from '../../../domain/capture.ts';
import { EXCLUDES_TAX_NOTE, MAX_PROPERTY_SQFT, SIZE_UNIT_LABELS, STARTING_AT_TEMPLATE, propertyTotals, visitMinutes } from '../../../domain/capture-rules.ts';

/**
 * Prices, in US dollars for every country (one currency keeps the ledger simple; a per-country
 * price list is a data change here). The price is a starting price by total size ('Starting at
 * {price}', before tax and VAT); tax is added per country on the invoice.
 */

/** The one currency of the ledger. */
export const CURRENCY = 'USD';

/** Price by total size: up to `upTo` square feet costs `cents`. */
export const PRICE_TIERS: readonly { upTo: number; cents: number }[] = [
  { upTo: 1_000, cents: 149_00 },
  { upTo: 2_500, cents: 249_00 },
  { upTo: 5_000, cents: 399_00 },
  { upTo: 10_000, cents: 649_00 },
  { upTo: 20_000, cents: 999_00 },
  { upTo: MAX_PROPERTY_SQFT, cents: 1_499_00 },
];

/** Plans that include capture services (spec 9). */
export const PLANS_WITH_CAPTURE: readonly Plan[] = ['PROFESSIONAL', 'BUSINESS'];
/** Whether a plan includes capture services. */
export const planAllowsCapture = (plan: Plan): boolean => PLANS_WITH_CAPTURE.includes(plan);

/**
 * Standard consumption-tax rates of the countries technicians serve (VAT, GST, IVA, consumption
 * tax). A country not listed gets no tax line (US sales tax depends on the state and the item; a
 * tax service replaces this table when that matters).
 */
const TAX: Record<string, { label: string; rate: number }> = {
  GB: { label: 'VAT', rate: 0.2 },
  FR: { label: 'VAT', rate: 0.2 },
  DE: { label: 'VAT', rate: 0.19 },
  ES: { label: 'VAT', rate: 0.21 },
  NL: { label: 'VAT', rate: 0.21 },
  IT: { label: 'VAT', rate: 0.22 },
  IE: { label: 'VAT', rate: 0.23 },
  SE: { label: 'VAT', rate: 0.25 },
  CH: { label: 'VAT', rate: 0.081 },
  AE: { label: 'VAT', rate: 0.05 },
  ZA: { label: 'VAT', rate: 0.15 },
  JP: { label: 'Consumption tax', rate: 0.1 },
  KR: { label: 'VAT', rate: 0.1 },
  SG: { label: 'GST', rate: 0.09 },
  IN: { label: 'GST', rate: 0.18 },
  AU: { label: 'GST', rate: 0.1 },
  NZ: { label: 'GST', rate: 0.15 },
  CA: { label: 'GST', rate: 0.05 },
  MX: { label: 'IVA', rate: 0.16 },
  AR: { label: 'IVA', rate: 0.21 },
  CL: { label: 'IVA', rate: 0.19 },
  BR: { label: 'ISS', rate: 0.05 },
};

/** Money in the ledger's currency. */
export const money = (amount: number): Money => ({ amount, currency: CURRENCY });

/** The price for a total size in square feet. */
export function priceFor(totalSquareFeet: number): number {
  const tier = PRICE_TIERS.find((t) => totalSquareFeet <= t.upTo) ?? PRICE_TIERS[PRICE_TIERS.length - 1];
  return (tier as { cents: number }).cents;
}

/** '$1,499' (whole amounts without cents), or always with cents ('$1,499.00') for invoices. */
export function formatMoney(m: Money, options: { cents?: boolean } = {}): string {
  const whole = !options.cents && m.amount % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: m.currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(m.amount / 100);
}

/** 'Starting at $249'. */
export const startingAtText = (m: Money): string => STARTING_AT_TEMPLATE.replace('{price}', formatMoney(m));

/** The lowest price (the landing page's 'Starting at'). */
export const lowestPrice = (): Money => money((PRICE_TIERS[0] as { cents: number }).cents);

/** Property details with totals, visit length and starting price; the first space's blank name becomes 'Main space'. */
export function summarizeProperty(p: PropertyDetailsInput): PropertySummary {
  const spaces = p.spaces.map((s, i) => ({ name: s.name || (i === 0 ? 'Main space' : `Space ${i + 1}`), size: s.size }));
  const totals = propertyTotals(spaces, p.unit);
  const price = money(priceFor(totals.totalSquareFeet));
  return {
    propertyType: p.propertyType,
    unit: p.unit,
    spaces,
    totalSize: Math.round(totals.totalSize * 100) / 100,
    totalSquareFeet: totals.totalSquareFeet,
    spaceCount: totals.count,
    visitMinutes: visitMinutes(totals.totalSquareFeet),
    startingPrice: price,
    startingPriceText: startingAtText(price),
  };
}

/** The invoice lines, tax lines and totals of an order of this property in this country. */
export function priceOrder(
  property: PropertySummary,
  countryCode: string,
): { lines: PriceLine[]; subtotal: Money; taxLines: TaxLine[]; tax: Money; total: Money; priceNote: string } {
  const unit = SIZE_UNIT_LABELS[property.unit].long;
  const size = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(property.totalSize);
  const kind = property.propertyType === 'COMMERCIAL' ? 'Commercial' : 'Residential';
  const description = `On-site capture, ${kind.toLowerCase()}: ${property.spaceCount} ${property.spaceCount === 1 ? 'space' : 'spaces'}, ${size} ${unit}`;
  const lines: PriceLine[] = [{ description, amount: property.startingPrice }];
  const subtotal = property.startingPrice.amount;
  const rule = TAX[countryCode.toUpperCase()];
  const taxLines: TaxLine[] = rule
    ? [{ label: `${rule.label} ${Math.round(rule.rate * 1000) / 10}%`, rate: rule.rate, amount: money(Math.round(subtotal * rule.rate)) }]
    : [];
  const tax = taxLines.reduce((s, t) => s + t.amount.amount, 0);
  return { lines, subtotal: money(subtotal), taxLines, tax: money(tax), total: money(subtotal + tax), priceNote: EXCLUDES_TAX_NOTE };
}
