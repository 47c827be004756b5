import type { Money, Plan, PriceLine, PropertyDetailsInput, PropertySummary, TaxLine } from '../../../domain/capture.ts';
import { EXCLUDES_TAX_NOTE, SIZE_UNIT_LABELS, STARTING_AT_TEMPLATE, propertyTotals, visitMinutes } from '../../../domain/capture-rules.ts';
import { currencyFor, listPrice, minorDigits, PRICE_LISTS, SIZE_BANDS } from './price-lists.ts';

/**
 * Prices in the property's country's currency, from that currency's price list (price-lists.ts;
 * US dollars where a country has none). The price is a starting price by total size ('Starting at
 * {price}', before tax and VAT); tax is added per country on the invoice. An order's currency is
 * fixed when it is placed (priceOrder), and its invoice is in the same currency.
 */

/** The currency of a price when no country is known yet (the landing page), and the fallback. */
export const CURRENCY = 'USD';

/** US-dollar price by total size: up to `upTo` square feet costs `cents` (the landing page's table). */
export const PRICE_TIERS: readonly { upTo: number; cents: number }[] = SIZE_BANDS.map((upTo, i) => ({
  upTo,
  cents: (PRICE_LISTS['USD'] as readonly number[])[i] as number,
}));

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

/** Money in minor units of a currency (US dollars unless told). */
export const money = (amount: number, currency: string = CURRENCY): Money => ({ amount, currency });

/** The price for a total size in square feet, in minor units of `currency` (US dollars unless told). */
export function priceFor(totalSquareFeet: number, currency: string = CURRENCY): number {
  return listPrice(currency, totalSquareFeet);
}

/** '$1,499', '€1,379', '¥22,000' (whole amounts without cents), or always with cents ('$1,499.00') for invoices; yen have none. */
export function formatMoney(m: Money, options: { cents?: boolean } = {}): string {
  const digits = minorDigits(m.currency);
  const scale = 10 ** digits;
  const whole = !options.cents && m.amount % scale === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: m.currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: whole ? 0 : digits,
  }).format(m.amount / scale);
}

/** 'Starting at $249'. */
export const startingAtText = (m: Money): string => STARTING_AT_TEMPLATE.replace('{price}', formatMoney(m));

/** The lowest price (the landing page's 'Starting at'), in the country's currency when one is given. */
export const lowestPrice = (countryCode?: string): Money => {
  const currency = countryCode ? currencyFor(countryCode) : CURRENCY;
  return money(listPrice(currency, 0), currency);
};

/**
 * Property details with totals, visit length and starting price (in the country's currency when
 * the country is known, else US dollars); the first space's blank name becomes 'Main space'.
 */
export function summarizeProperty(p: PropertyDetailsInput, countryCode?: string): PropertySummary {
  const spaces = p.spaces.map((s, i) => ({ name: s.name || (i === 0 ? 'Main space' : `Space ${i + 1}`), size: s.size }));
  const totals = propertyTotals(spaces, p.unit);
  const currency = countryCode ? currencyFor(countryCode) : CURRENCY;
  const price = money(priceFor(totals.totalSquareFeet, currency), currency);
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

/** The invoice lines, tax lines and totals of an order of this property in this country, in the country's currency (fixed with the order). */
export function priceOrder(
  property: PropertySummary,
  countryCode: string,
): { lines: PriceLine[]; subtotal: Money; taxLines: TaxLine[]; tax: Money; total: Money; priceNote: string } {
  const unit = SIZE_UNIT_LABELS[property.unit].long;
  const size = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(property.totalSize);
  const kind = property.propertyType === 'COMMERCIAL' ? 'Commercial' : 'Residential';
  const description = `On-site capture, ${kind.toLowerCase()}: ${property.spaceCount} ${property.spaceCount === 1 ? 'space' : 'spaces'}, ${size} ${unit}`;
  const currency = currencyFor(countryCode);
  const in_ = (amount: number) => money(amount, currency);
  const subtotal = priceFor(property.totalSquareFeet, currency);
  const lines: PriceLine[] = [{ description, amount: in_(subtotal) }];
  const rule = TAX[countryCode.toUpperCase()];
  const taxLines: TaxLine[] = rule
    ? [{ label: `${rule.label} ${Math.round(rule.rate * 1000) / 10}%`, rate: rule.rate, amount: in_(Math.round(subtotal * rule.rate)) }]
    : [];
  const tax = taxLines.reduce((s, t) => s + t.amount.amount, 0);
  return { lines, subtotal: in_(subtotal), taxLines, tax: in_(tax), total: in_(subtotal + tax), priceNote: EXCLUDES_TAX_NOTE };
}
