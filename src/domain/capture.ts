import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from './auth-inputs.ts';
import { ADDRESS_FIELD_KEYS, MAX_ACCESS_INSTRUCTIONS, MAX_AVAILABILITY_DAYS, MAX_ORDER_ATTACHMENTS, MAX_SPACES, MSG, SIZE_UNITS } from './capture-rules.ts';

/**
 * Shapes of the capture-services ordering API, `/api/capture/**` (spec 3, 4, 5, 8, 9; the spec
 * shows no calls, these are ours). The same schemas validate requests on the server, generate the
 * OpenAPI document and drive the ordering island's forms. Messages the spec quotes are exact (see
 * capture-rules.ts). Routes, errors and decisions: src/server/modules/capture/CONTRACT.md.
 */

const text = (max: number) => z.string().trim().max(max);
const required = (message: string, max = 100) => z.string().trim().min(1, message).max(max);
const email = z.string().trim().min(1, MSG.email).max(MAX_EMAIL, MSG.email).regex(EMAIL_PATTERN, MSG.email);
/** An instant, ISO 8601 with offset (the server answers UTC, `…Z`). */
const Instant = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 instant', example: '2026-11-26T14:00:00.000Z' });
/** A calendar day in the property's time zone. */
const LocalDate = z.iso.date().meta({ description: 'Day in the property time zone, YYYY-MM-DD', example: '2026-11-26' });

// ---------------------------------------------------------------- money

/** An amount in minor units (cents) of a currency. */
export const Money = z
  .object({
    amount: z.number().int().meta({ description: 'Minor units (cents); negative on credit notes' }),
    currency: z.string().length(3).meta({ example: 'USD' }),
  })
  .meta({ id: 'CaptureMoney' });
/** @see Money */
export type Money = z.infer<typeof Money>;

// ---------------------------------------------------------------- countries and address formats

/** ISO 3166-1 alpha-2 country code; a blank or unknown one reads 'Please enter Country'. */
export const CountryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, MSG.country)
  .transform((v) => v.toUpperCase());

/** One country of the address form's list (names from Intl.DisplayNames, English). */
export const Country = z.object({ code: z.string().length(2), name: z.string() }).meta({ id: 'CaptureCountry' });
/** @see Country */
export type Country = z.infer<typeof Country>;

/** Answer of GET /api/capture/countries/: about 249 countries sorted by name. */
export const CountryList = z.object({ countries: z.array(Country) }).meta({ id: 'CaptureCountryList' });
/** @see CountryList */
export type CountryList = z.infer<typeof CountryList>;

/** Keys of the address fields a country's form may show. */
export const AddressFieldKey = z.enum(ADDRESS_FIELD_KEYS).meta({ id: 'CaptureAddressFieldKey' });
/** @see AddressFieldKey */
export type AddressFieldKey = z.infer<typeof AddressFieldKey>;

/** One field of a country's address form, in the country's order. */
export const AddressField = z
  .object({
    key: AddressFieldKey,
    /** The country's label: 'State', 'ZIP code', 'Prefecture', 'Post town', 'Eircode', 'Suburb', … */
    label: z.string(),
    required: z.boolean(),
    /** Line of the printed address the field sits on (fields sharing a line may share a row). */
    line: z.number().int(),
    /** HTML autocomplete token for the input. */
    autocomplete: z.string(),
    /** Choices when the country lists its administrative areas (value is what to send). */
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  })
  .meta({ id: 'CaptureAddressField' });
/** @see AddressField */
export type AddressField = z.infer<typeof AddressField>;

/** Answer of GET /api/capture/countries/{countryCode}/: the fields that country uses, its labels, required fields and postal pattern. */
export const AddressFormat = z
  .object({
    countryCode: z.string().length(2),
    countryName: z.string(),
    fields: z.array(AddressField),
    /** Regular expression (without anchors) a postal code must match in full, case-insensitive; null when the country has none. */
    postalCodePattern: z.string().nullable(),
    /** Example postal codes, e.g. '95014, 22162-1010'. */
    postalCodeExample: z.string().nullable(),
  })
  .meta({ id: 'CaptureAddressFormat' });
/** @see AddressFormat */
export type AddressFormat = z.infer<typeof AddressFormat>;

/** An address as typed: country first, then the fields its format shows (others are ignored). */
export const AddressInput = z
  .object({
    countryCode: CountryCode,
    streetAddress: text(200).default(''),
    suiteUnit: text(100).default(''),
    neighborhood: text(100).default(''),
    city: text(100).default(''),
    administrativeArea: text(100).default(''),
    postalCode: text(20).default(''),
    sortingCode: text(20).default(''),
    /** Whether this is the customer's residence address. */
    isResidence: z.boolean().default(false),
  })
  .meta({ id: 'CaptureAddressInput' });
/** @see AddressInput */
export type AddressInput = z.infer<typeof AddressInput>;
/** What a form sends before defaults apply. */
export type AddressInputIn = z.input<typeof AddressInput>;

/** An address the server verified: the input plus where it is. */
export const CheckedAddress = AddressInput.extend({
  countryName: z.string(),
  /** Printed lines in the country's format, country last. */
  formatted: z.array(z.string()),
  /** The place the gazetteer matched, e.g. 'San Francisco, CA, United States'. */
  place: z.string(),
  location: z.object({ lat: z.number(), long: z.number() }),
  /** IANA time zone at the location; every time of the order is shown in it. */
  timeZone: z.string().meta({ example: 'America/Los_Angeles' }),
}).meta({ id: 'CaptureCheckedAddress' });
/** @see CheckedAddress */
export type CheckedAddress = z.infer<typeof CheckedAddress>;

/** Answer of POST /api/capture/address/check/ when a technician covers the address. */
export const AddressCheckResult = z
  .object({
    outcome: z.literal('COVERED'),
    /** 'Congrats, a technician is in your area. Complete your order today.' */
    message: z.string(),
    address: CheckedAddress,
  })
  .meta({ id: 'CaptureAddressCheckResult' });
/** @see AddressCheckResult */
export type AddressCheckResult = z.infer<typeof AddressCheckResult>;

/** The person fields of a notify-me signup, prefilled from the session for a signed-in user. */
export const NotifyMePerson = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).meta({ id: 'CaptureNotifyMePerson' });

/** `extra` of the 422 ADDRESS_NOT_COVERED / ADDRESS_NOT_COVERED_WITHOUT_SIGNUP answer. */
export const NotCoveredExtra = z
  .object({
    address: CheckedAddress,
    /** Signed in (ADDRESS_NOT_COVERED): the user's names and email to prefill; guest: null. */
    notifyMe: NotifyMePerson.nullable(),
  })
  .meta({ id: 'CaptureNotCoveredExtra' });
/** @see NotCoveredExtra */
export type NotCoveredExtra = z.infer<typeof NotCoveredExtra>;

/** Body of POST /api/capture/notify-me/ (spec 3: first_name, last_name, email). */
export const NotifyMeInput = z
  .object({
    firstName: required(MSG.firstName),
    lastName: required(MSG.lastName),
    email,
    address: AddressInput,
  })
  .meta({ id: 'CaptureNotifyMeInput' });
/** @see NotifyMeInput */
export type NotifyMeInput = z.infer<typeof NotifyMeInput>;

/** A confirmation text answer ('Thank you! We'll let you know when we're available in your area.'). */
export const MessageResult = z.object({ message: z.string() }).meta({ id: 'CaptureMessage' });
/** @see MessageResult */
export type MessageResult = z.infer<typeof MessageResult>;

// ---------------------------------------------------------------- property details

/** Residential or Commercial (spec 3). */
export const PropertyType = z.enum(['RESIDENTIAL', 'COMMERCIAL']).meta({ id: 'CapturePropertyType' });
/** @see PropertyType */
export type PropertyType = z.infer<typeof PropertyType>;

/** SQUARE_FT (sq. ft., ft²) or SQUARE_METER (sq. meters, m²). */
export const SizeUnit = z.enum(SIZE_UNITS).meta({ id: 'CaptureSizeUnit' });
/** @see SizeUnit */
export type SizeUnit = z.infer<typeof SizeUnit>;

/** One space of the property: a name and its approximate size in the order's unit. */
export const PropertySpace = z
  .object({
    /** 'Enter a name for this space' when blank (the first space may be blank: it is then called 'Main space'). */
    name: text(70).default(''),
    size: z.number({ error: MSG.spaceSize }).positive(MSG.spaceSize).max(1_000_000, MSG.spaceSize),
  })
  .meta({ id: 'CapturePropertySpace' });
/** @see PropertySpace */
export type PropertySpace = z.infer<typeof PropertySpace>;

/** Property details: type, unit and the spaces to capture (at least one). */
export const PropertyDetailsInput = z
  .object({
    propertyType: PropertyType,
    unit: SizeUnit,
    spaces: z.array(PropertySpace).min(1).max(MAX_SPACES),
  })
  .superRefine((p, ctx) => {
    p.spaces.forEach((s, i) => {
      if (i > 0 && !s.name) ctx.addIssue({ code: 'custom', path: ['spaces', i, 'name'], message: MSG.spaceName });
    });
  })
  .meta({ id: 'CapturePropertyDetailsInput' });
/** @see PropertyDetailsInput */
export type PropertyDetailsInput = z.infer<typeof PropertyDetailsInput>;
/** What a form sends before defaults apply. */
export type PropertyDetailsInputIn = z.input<typeof PropertyDetailsInput>;

/** Property details as the server reads them: totals, visit length and starting price. */
export const PropertySummary = z
  .object({
    propertyType: PropertyType,
    unit: SizeUnit,
    spaces: z.array(z.object({ name: z.string(), size: z.number() })),
    /** total_property_size in `unit` (property_size_unit). */
    totalSize: z.number(),
    totalSquareFeet: z.number().int(),
    spaceCount: z.number().int(),
    /** Time on site. */
    visitMinutes: z.number().int(),
    /** 'Starting at {price}' amount for this size, before tax and VAT. */
    startingPrice: Money,
    /** 'Starting at $349' (English, formatted). */
    startingPriceText: z.string(),
  })
  .meta({ id: 'CapturePropertySummary' });
/** @see PropertySummary */
export type PropertySummary = z.infer<typeof PropertySummary>;

/** Body of POST /api/capture/sales-contact/ ('Talk to Sales'). */
export const SalesContactInput = z
  .object({
    firstName: required(MSG.firstName),
    lastName: required(MSG.lastName),
    email,
    phone: text(40).default(''),
    company: text(100).default(''),
    message: text(2000).default(''),
    address: AddressInput.optional(),
    property: z
      .object({
        propertyType: PropertyType,
        unit: SizeUnit,
        spaces: z.array(z.object({ name: text(70).default(''), size: z.number().nonnegative() })).max(MAX_SPACES),
      })
      .optional(),
  })
  .meta({ id: 'CaptureSalesContactInput' });
/** @see SalesContactInput */
export type SalesContactInput = z.infer<typeof SalesContactInput>;

// ---------------------------------------------------------------- schedule

/** Body of POST /api/capture/availability/. */
export const AvailabilityInput = z
  .object({
    address: AddressInput,
    property: PropertyDetailsInput,
    /** First day to list, in the property's time zone; default: today there. */
    from: LocalDate.optional(),
    days: z.number().int().min(1).max(MAX_AVAILABILITY_DAYS).default(7),
    /** When rescheduling: the order whose own appointment does not block times. */
    orderId: z.string().max(64).optional(),
  })
  .meta({ id: 'CaptureAvailabilityInput' });
/** @see AvailabilityInput */
export type AvailabilityInput = z.infer<typeof AvailabilityInput>;

/** A bookable start. */
export const Slot = z.object({ start: Instant, end: Instant }).meta({ id: 'CaptureSlot' });
/** @see Slot */
export type Slot = z.infer<typeof Slot>;

/** Answer of POST /api/capture/availability/: free starts per day, in the property's time zone. */
export const Availability = z
  .object({
    timeZone: z.string(),
    visitMinutes: z.number().int(),
    from: LocalDate,
    to: LocalDate,
    /** Every day of the range; `slots` empty → the no-times-on-this-day message. */
    days: z.array(z.object({ date: LocalDate, slots: z.array(Slot) })),
    /** The first later day with a free time (for 'select another'), or null. */
    nextAvailableDate: LocalDate.nullable(),
  })
  .meta({ id: 'CaptureAvailability' });
/** @see Availability */
export type Availability = z.infer<typeof Availability>;

/** Body of POST /api/capture/holds/: hold a start for 10 minutes. */
export const HoldInput = z
  .object({
    address: AddressInput,
    property: PropertyDetailsInput,
    start: Instant,
    /** When rescheduling: the order being moved (its own appointment does not block). */
    orderId: z.string().max(64).optional(),
  })
  .meta({ id: 'CaptureHoldInput' });
/** @see HoldInput */
export type HoldInput = z.infer<typeof HoldInput>;

/** A held time. */
export const Hold = z
  .object({
    id: z.string(),
    start: Instant,
    end: Instant,
    timeZone: z.string(),
    visitMinutes: z.number().int(),
    /** When the hold lapses (10 minutes after it was made). */
    expiresAt: Instant,
  })
  .meta({ id: 'CaptureHold' });
/** @see Hold */
export type Hold = z.infer<typeof Hold>;

// ---------------------------------------------------------------- contact and uploads

/** The site contact (spec 3): it's me or someone else, name, email, phone, access instructions. */
export const ContactInput = z
  .object({
    /** true: 'It's me' (the signed-in user is on site); false: someone else. */
    isMe: z.boolean(),
    firstName: required(MSG.firstName),
    lastName: required(MSG.lastName),
    email,
    /** Checked for the property's country: 'Please enter Phone', 'Not a valid phone number', 'Enter a valid Phone'. */
    phone: z.string().trim().min(1, MSG.phone).max(40, MSG.phoneNotValid),
    accessInstructions: text(MAX_ACCESS_INSTRUCTIONS).default(''),
  })
  .meta({ id: 'CaptureContactInput' });
/** @see ContactInput */
export type ContactInput = z.infer<typeof ContactInput>;

/** Body of POST /api/capture/contact/check/: the contact and the property's country. */
export const ContactCheckInput = z.object({ countryCode: CountryCode, contact: ContactInput }).meta({ id: 'CaptureContactCheckInput' });
/** @see ContactCheckInput */
export type ContactCheckInput = z.infer<typeof ContactCheckInput>;

/** A contact the server accepted; phone in E.164 and as the country writes it. */
export const CheckedContact = ContactInput.extend({ phoneE164: z.string(), phoneDisplay: z.string() }).meta({ id: 'CaptureCheckedContact' });
/** @see CheckedContact */
export type CheckedContact = z.infer<typeof CheckedContact>;

/** An uploaded floor plan or photo (answer of POST /api/capture/uploads/). */
export const OrderAttachment = z
  .object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() })
  .meta({ id: 'CaptureAttachment' });
/** @see OrderAttachment */
export type OrderAttachment = z.infer<typeof OrderAttachment>;

// ---------------------------------------------------------------- accounts, plans, quote, payment

/** Subscription plans (spec 9): the service needs Professional or Business; accounts start on Starter. */
export const Plan = z.enum(['STARTER', 'PROFESSIONAL', 'BUSINESS']).meta({ id: 'CapturePlan' });
/** @see Plan */
export type Plan = z.infer<typeof Plan>;

/** An account the user may order for, with what they may do there. */
export const CaptureAccount = z
  .object({
    accountId: z.string(),
    name: z.string(),
    isPersonal: z.boolean(),
    /** OWNER, BILLING or MEMBER (a personal account: OWNER). */
    role: z.enum(['OWNER', 'BILLING', 'MEMBER']),
    plan: Plan,
    /** Professional or Business. */
    planAllowsCapture: z.boolean(),
    /** Owners may change the plan. */
    canUpgrade: z.boolean(),
    /** Owners and Billing Contacts see invoices. */
    canSeeInvoices: z.boolean(),
    /** Account credit from cancelled orders, used first on the next order. */
    creditBalance: Money,
  })
  .meta({ id: 'CaptureAccount' });
/** @see CaptureAccount */
export type CaptureAccount = z.infer<typeof CaptureAccount>;

/** Answer of GET /api/capture/accounts/. */
export const CaptureAccountList = z.object({ accounts: z.array(CaptureAccount), defaultAccountId: z.string() }).meta({ id: 'CaptureAccountList' });
/** @see CaptureAccountList */
export type CaptureAccountList = z.infer<typeof CaptureAccountList>;

/** Body of POST /api/capture/accounts/{accountId}/plan/ (an Owner upgrades). */
export const PlanChangeInput = z.object({ plan: Plan }).meta({ id: 'CapturePlanChangeInput' });
/** @see PlanChangeInput */
export type PlanChangeInput = z.infer<typeof PlanChangeInput>;

/** A way to pay; the embedded default is invoice billing to the account. */
export const PaymentMethod = z
  .object({ id: z.string(), kind: z.enum(['INVOICE', 'CARD']), label: z.string(), isDefault: z.boolean() })
  .meta({ id: 'CapturePaymentMethod' });
/** @see PaymentMethod */
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Answer of GET /api/capture/accounts/{accountId}/payment-methods/. */
export const PaymentMethodList = z.object({ methods: z.array(PaymentMethod) }).meta({ id: 'CapturePaymentMethodList' });
/** @see PaymentMethodList */
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

/** One priced line of a quote or invoice. */
export const PriceLine = z.object({ description: z.string(), amount: Money }).meta({ id: 'CapturePriceLine' });
/** @see PriceLine */
export type PriceLine = z.infer<typeof PriceLine>;
/** A tax line: 'VAT 20%', 'GST 10%', … */
export const TaxLine = z
  .object({ label: z.string(), rate: z.number().meta({ description: 'Fraction, 0.2 = 20%' }), amount: Money })
  .meta({ id: 'CaptureTaxLine' });
/** @see TaxLine */
export type TaxLine = z.infer<typeof TaxLine>;

/** Body of POST /api/capture/quote/. */
export const QuoteInput = z
  .object({ address: AddressInput, property: PropertyDetailsInput, accountId: z.string().max(64).optional() })
  .meta({ id: 'CaptureQuoteInput' });
/** @see QuoteInput */
export type QuoteInput = z.infer<typeof QuoteInput>;

/** What Confirm will charge: lines, tax by country, credit used first, amount due. */
export const Quote = z
  .object({
    accountId: z.string(),
    plan: Plan,
    planAllowsCapture: z.boolean(),
    startingPrice: Money,
    startingPriceText: z.string(),
    /** 'excludes tax and VAT' */
    priceNote: z.string(),
    lines: z.array(PriceLine),
    subtotal: Money,
    taxLines: z.array(TaxLine),
    total: Money,
    /** Account credit used first (≤ total). */
    creditApplied: Money,
    amountDue: Money,
  })
  .meta({ id: 'CaptureQuote' });
/** @see Quote */
export type Quote = z.infer<typeof Quote>;

// ---------------------------------------------------------------- orders

/** Order status (spec 4 names received and matched; the rest are ours). */
export const OrderStatus = z.enum(['RECEIVED', 'TECHNICIAN_ASSIGNED', 'SCHEDULED', 'CAPTURED', 'DELIVERED', 'CANCELLED']).meta({ id: 'CaptureOrderStatus' });
/** @see OrderStatus */
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Body of POST /api/capture/orders/ (Confirm): books the time, matches the technician and bills, all or nothing. */
export const OrderInput = z
  .object({
    /** Default: CaptureAccountList.defaultAccountId. */
    accountId: z.string().max(64).optional(),
    address: AddressInput,
    property: PropertyDetailsInput,
    /** The caller's hold (preferred), or … */
    holdId: z.string().max(64).optional(),
    /** … a start to book directly (409 SLOT_UNAVAILABLE when taken). One of the two is required. */
    start: Instant.optional(),
    contact: ContactInput,
    attachmentIds: z.array(z.string().max(64)).max(MAX_ORDER_ATTACHMENTS).default([]),
    /** Default: the account's default method ('invoice'). */
    paymentMethodId: z.string().max(64).default('invoice'),
    acceptTerms: z.literal(true, { error: MSG.terms }),
  })
  .refine((o) => Boolean(o.holdId) || Boolean(o.start), { path: ['start'], message: 'Choose a time' })
  .meta({ id: 'CaptureOrderInput' });
/** @see OrderInput */
export type OrderInput = z.infer<typeof OrderInput>;
/** What a form sends before defaults apply. */
export type OrderInputIn = z.input<typeof OrderInput>;

/** The appointment of an order. */
export const Appointment = z
  .object({
    start: Instant,
    end: Instant,
    timeZone: z.string(),
    visitMinutes: z.number().int(),
    /** First name and last initial of the matched technician. */
    technicianName: z.string(),
  })
  .meta({ id: 'CaptureAppointment' });
/** @see Appointment */
export type Appointment = z.infer<typeof Appointment>;

/** Invoice or credit note status. */
export const InvoiceStatus = z.enum(['OPEN', 'PAID', 'CREDITED', 'VOID']).meta({ id: 'CaptureInvoiceStatus' });
/** @see InvoiceStatus */
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** A numbered invoice (INV-2026-000001) or credit note (CN-2026-000001) of the account's ledger. */
export const Invoice = z
  .object({
    id: z.string(),
    number: z.string(),
    kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
    status: InvoiceStatus,
    accountId: z.string(),
    accountName: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    /** The invoice a credit note credits. */
    creditsInvoiceId: z.string().nullable(),
    creditsInvoiceNumber: z.string().nullable(),
    issuedAt: Instant,
    dueAt: Instant.nullable(),
    lines: z.array(PriceLine),
    subtotal: Money,
    taxLines: z.array(TaxLine),
    total: Money,
    creditApplied: Money,
    amountDue: Money,
    pdfUrl: z.string(),
  })
  .meta({ id: 'CaptureInvoice' });
/** @see Invoice */
export type Invoice = z.infer<typeof Invoice>;

/** Answer of GET /api/capture/accounts/{accountId}/invoices/. */
export const InvoiceList = z.object({ invoices: z.array(Invoice) }).meta({ id: 'CaptureInvoiceList' });
/** @see InvoiceList */
export type InvoiceList = z.infer<typeof InvoiceList>;

/** The delivery of an order: visit and delivery times against the promise (DELIVERY_HOURS after the visit). */
export const OrderDelivery = z
  .object({
    /** When the technician said "Arrived", "Captured"; null until then. */
    arrivedAt: Instant.nullable(),
    capturedAt: Instant.nullable(),
    /** The visit's end (captured time when known, else the appointment's end). */
    visitAt: Instant,
    /** The promise: DELIVERY_HOURS after the visit. */
    dueAt: Instant,
    deliveredAt: Instant.nullable(),
    /** Not delivered by `dueAt` (now, or when it was delivered). */
    overdue: z.boolean(),
    /** The delivered space (PRIVATE in the account until the customer publishes it). */
    spaceId: z.string().nullable(),
    /** Where the customer opens it ("View your space"); null until delivered. */
    spaceUrl: z.string().nullable(),
  })
  .meta({ id: 'CaptureOrderDelivery' });
/** @see OrderDelivery */
export type OrderDelivery = z.infer<typeof OrderDelivery>;

/** An order as its account's members see it. */
export const Order = z
  .object({
    id: z.string(),
    /** CAP-000001 */
    number: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    status: OrderStatus,
    /** Every change: the status, when, and (for reassignments and the technician's steps) a note. */
    statusHistory: z.array(z.object({ status: OrderStatus, at: Instant, note: z.string().optional() })),
    createdAt: Instant,
    /** Last change (status, reschedule, cancel). */
    updatedAt: Instant,
    address: CheckedAddress,
    property: PropertySummary,
    appointment: Appointment,
    contact: CheckedContact,
    attachments: z.array(OrderAttachment),
    plan: Plan,
    price: z.object({ subtotal: Money, tax: Money, total: Money, creditApplied: Money, amountDue: Money }),
    paymentMethod: PaymentMethod,
    /** The order's invoice and credit note; null when the caller is not an Owner or Billing Contact. */
    invoices: z.array(Invoice).nullable(),
    canSeeInvoices: z.boolean(),
    /** Reschedule and cancel are open (status not final and before the deadline). */
    canChange: z.boolean(),
    /** 24 hours before the start. */
    changeDeadline: Instant,
    /** The .ics of the appointment. */
    calendarUrl: z.string(),
    /** The measured promise: when the visit ended, when the twin was delivered, and whether it is late. */
    delivery: OrderDelivery,
  })
  .meta({ id: 'CaptureOrder' });
/** @see Order */
export type Order = z.infer<typeof Order>;

/** Answer of GET /api/capture/orders/: the dashboard. */
export const OrderList = z.object({ orders: z.array(Order), accounts: z.array(CaptureAccount) }).meta({ id: 'CaptureOrderList' });
/** @see OrderList */
export type OrderList = z.infer<typeof OrderList>;

/** Body of POST /api/capture/orders/{orderId}/reschedule/: a hold made with `orderId`, or a start. */
export const RescheduleInput = z
  .object({ holdId: z.string().max(64).optional(), start: Instant.optional() })
  .refine((o) => Boolean(o.holdId) || Boolean(o.start), { path: ['start'], message: 'Choose a time' })
  .meta({ id: 'CaptureRescheduleInput' });
/** @see RescheduleInput */
export type RescheduleInput = z.infer<typeof RescheduleInput>;

/** Answer of reschedule: the prior and the new appointment for the confirmation. */
export const RescheduleResult = z
  .object({ order: Order, previousAppointment: Appointment, newAppointment: Appointment })
  .meta({ id: 'CaptureRescheduleResult' });
/** @see RescheduleResult */
export type RescheduleResult = z.infer<typeof RescheduleResult>;

/** Answer of cancel: the credit note (null for a member) and the account's new credit balance. */
export const CancelResult = z
  .object({ order: Order, creditNote: Invoice.nullable(), credited: Money, creditBalance: Money })
  .meta({ id: 'CaptureCancelResult' });
/** @see CancelResult */
export type CancelResult = z.infer<typeof CancelResult>;

// ---------------------------------------------------------------- public landing

/** A served metro area (a technician's base and radius). */
export const ServedArea = z
  .object({
    name: z.string(),
    countryCode: z.string(),
    countryName: z.string(),
    continent: z.string(),
    location: z.object({ lat: z.number(), long: z.number() }),
    radiusKm: z.number(),
  })
  .meta({ id: 'CaptureServedArea' });
/** @see ServedArea */
export type ServedArea = z.infer<typeof ServedArea>;

/** Answer of GET /api/capture/landing/ (public): price from, limits and served areas. */
export const CaptureLanding = z
  .object({
    startingPrice: Money,
    startingPriceText: z.string(),
    priceNote: z.string(),
    /** Price by size: up to `upToSquareFeet` (null = up to the limit) costs `price`. */
    priceTiers: z.array(z.object({ upToSquareFeet: z.number().int(), price: Money })),
    maxPropertySquareFeet: z.number().int(),
    deliveryHours: z.number().int(),
    plansWithCapture: z.array(Plan),
    servedAreas: z.array(ServedArea),
  })
  .meta({ id: 'CaptureLanding' });
/** @see CaptureLanding */
export type CaptureLanding = z.infer<typeof CaptureLanding>;

// ---------------------------------------------------------------- administration

/** Weekly working hours in the technician's time zone: ISO weekday (1 = Monday) → [start, end] 'HH:MM'. */
export const WorkingHours = z.partialRecord(
  z.enum(['1', '2', '3', '4', '5', '6', '7']),
  z.tuple([z.string().regex(/^\d{2}:\d{2}$/), z.string().regex(/^\d{2}:\d{2}$/)]),
);

/** A stretch of time off of a technician. */
export const TimeOff = z
  .object({ start: Instant, end: Instant, note: z.string().trim().max(200).default('') })
  .refine((o) => Date.parse(o.end) > Date.parse(o.start), { path: ['end'], message: 'The end must be after the start' })
  .meta({ id: 'CaptureTimeOff' });
/** @see TimeOff */
export type TimeOff = z.infer<typeof TimeOff>;

/** A technician as administrators edit it. */
export const TechnicianInput = z
  .object({
    firstName: required('Please enter First Name'),
    lastName: required('Please enter Last Name'),
    email,
    areaName: required('Please enter', 100),
    countryCode: CountryCode,
    continent: required('Please enter', 40),
    location: z.object({ lat: z.number().min(-90).max(90), long: z.number().min(-180).max(180) }),
    radiusKm: z.number().positive().max(500),
    /** Default: the time zone at the base. */
    timeZone: z.string().max(64).optional(),
    workingHours: WorkingHours,
    travelBufferMinutes: z.number().int().min(0).max(240).default(30),
    isActive: z.boolean().default(true),
    /** When the technician takes no visits (holidays, sick days): availability skips these. */
    timeOff: z.array(TimeOff).max(100).default([]),
    /** The email of the person who signs in as this technician (they get the technician role); null: nobody. */
    signInEmail: email.nullable().default(null),
  })
  .meta({ id: 'CaptureTechnicianInput' });
/** @see TechnicianInput */
export type TechnicianInput = z.infer<typeof TechnicianInput>;

/** A stored technician. */
export const Technician = TechnicianInput.extend({ id: z.string(), timeZone: z.string(), createdAt: Instant, updatedAt: Instant }).meta({
  id: 'CaptureTechnician',
});
/** @see Technician */
export type Technician = z.infer<typeof Technician>;

/** Answer of PUT/POST of a technician: it and how many notify-me signups its area now covers (they are emailed). */
export const TechnicianSaved = z.object({ technician: Technician, notified: z.number().int() }).meta({ id: 'CaptureTechnicianSaved' });
/** @see TechnicianSaved */
export type TechnicianSaved = z.infer<typeof TechnicianSaved>;

/** Answer of GET /admin/api/capture/technicians/. */
export const TechnicianList = z.object({ technicians: z.array(Technician) }).meta({ id: 'CaptureTechnicianList' });

/** Body of POST /admin/api/capture/orders/{orderId}/status/: advance an order. */
export const OrderStatusInput = z.object({ status: OrderStatus }).meta({ id: 'CaptureOrderStatusInput' });
/** @see OrderStatusInput */
export type OrderStatusInput = z.infer<typeof OrderStatusInput>;
