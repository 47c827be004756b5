import type { Kysely, Transaction } from 'kysely';
import type { Invoice, Money, PaymentMethod, PriceLine, TaxLine } from '../../../domain/capture.ts';
import type { CaptureInvoicesTable } from '../../db/schema/capture.ts';
import { money } from './pricing.ts';
import { nextNumber, parseJson } from './store.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';

/**
 * Payments behind one interface. The embedded default bills the account by invoice: Confirm
 * issues a numbered invoice (INV-2026-000001) with its tax lines, using the account's credit
 * first; a cancellation issues a credit note (CN-2026-000001) for the whole order and puts the
 * amount on the account's credit. A card processor implements the same two calls (charge the
 * amount due at Confirm, refund or credit at cancel) and keeps the same ledger.
 */

/** What Confirm charges. */
export interface ChargeRequest {
  accountId: string;
  orderId: string;
  lines: PriceLine[];
  subtotal: Money;
  taxLines: TaxLine[];
  total: Money;
  now: Date;
}

/** What a charge did. */
export interface ChargeResult {
  invoiceId: string;
  creditApplied: Money;
  amountDue: Money;
}

/** A way to take payment for orders. */
export interface PaymentProvider {
  /** The methods an account may pay with. */
  methods(accountName: string): PaymentMethod[];
  /** Charges an order in the caller's transaction (all or nothing with the booking). */
  charge(tx: Transaction<Database>, request: ChargeRequest): Promise<ChargeResult>;
  /** Gives the whole order back as account credit in the caller's transaction; answers the credit note id and amount. */
  credit(
    tx: Transaction<Database>,
    request: { accountId: string; orderId: string; invoiceId: string; now: Date },
  ): Promise<{ creditNoteId: string; credited: Money }>;
}

/** Days an invoice is payable in. */
export const PAYMENT_TERMS_DAYS = 30;

/** The invoice-billing id of the default method. */
export const INVOICE_METHOD_ID = 'invoice';

/** Invoice billing to the account, with a real ledger. */
export const invoiceBilling: PaymentProvider = {
  methods: (accountName) => [{ id: INVOICE_METHOD_ID, kind: 'INVOICE', label: `Invoice billing to ${accountName}`, isDefault: true }],

  async charge(tx, r) {
    // The order's currency (fixed when it was placed): its invoice and the credit it uses are in it.
    const currency = r.total.currency;
    const balance = await tx
      .selectFrom('capture_credit_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('balance'))
      .where('accountId', '=', r.accountId)
      .where('currency', '=', currency)
      .executeTakeFirst();
    const available = Math.max(0, Number(balance?.balance ?? 0));
    const creditApplied = Math.min(available, r.total.amount);
    const amountDue = r.total.amount - creditApplied;
    const year = r.now.getUTCFullYear();
    const number = `INV-${year}-${String(await nextNumber(tx, `invoice-${year}`)).padStart(6, '0')}`;
    const id = newId();
    const stamp = r.now.toISOString();
    await tx
      .insertInto('capture_invoices')
      .values({
        id,
        number,
        kind: 'INVOICE',
        status: amountDue === 0 ? 'PAID' : 'OPEN',
        accountId: r.accountId,
        orderId: r.orderId,
        creditsInvoiceId: null,
        currency,
        lines: JSON.stringify(r.lines),
        taxLines: JSON.stringify(r.taxLines),
        subtotal: r.subtotal.amount,
        taxTotal: r.taxLines.reduce((s, t) => s + t.amount.amount, 0),
        total: r.total.amount,
        creditApplied,
        amountDue,
        issuedAt: stamp,
        dueAt: new Date(r.now.getTime() + PAYMENT_TERMS_DAYS * 86_400_000).toISOString(),
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    if (creditApplied > 0) {
      await tx
        .insertInto('capture_credit_entries')
        .values({
          id: newId(),
          accountId: r.accountId,
          amount: -creditApplied,
          currency,
          reason: `Used on ${number}`,
          invoiceId: id,
          orderId: r.orderId,
          createdAt: stamp,
        })
        .execute();
    }
    return { invoiceId: id, creditApplied: money(creditApplied, currency), amountDue: money(amountDue, currency) };
  },

  async credit(tx, r) {
    const invoice = await tx.selectFrom('capture_invoices').selectAll().where('id', '=', r.invoiceId).executeTakeFirstOrThrow();
    const year = r.now.getUTCFullYear();
    const number = `CN-${year}-${String(await nextNumber(tx, `credit-note-${year}`)).padStart(6, '0')}`;
    const id = newId();
    const stamp = r.now.toISOString();
    const negate = (lines: { amount: Money }[]) => lines.map((l) => ({ ...l, amount: money(-l.amount.amount, invoice.currency) }));
    await tx
      .insertInto('capture_invoices')
      .values({
        id,
        number,
        kind: 'CREDIT_NOTE',
        status: 'PAID',
        accountId: r.accountId,
        orderId: r.orderId,
        creditsInvoiceId: invoice.id,
        currency: invoice.currency,
        lines: JSON.stringify(negate(parseJson<PriceLine[]>(invoice.lines))),
        taxLines: JSON.stringify(negate(parseJson<TaxLine[]>(invoice.taxLines))),
        subtotal: -invoice.subtotal,
        taxTotal: -invoice.taxTotal,
        total: -invoice.total,
        creditApplied: 0,
        amountDue: 0,
        issuedAt: stamp,
        dueAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    await tx.updateTable('capture_invoices').set({ status: 'CREDITED', updatedAt: stamp }).where('id', '=', invoice.id).execute();
    await tx
      .insertInto('capture_credit_entries')
      .values({
        id: newId(),
        accountId: r.accountId,
        amount: invoice.total,
        currency: invoice.currency,
        reason: `Credit note ${number} for ${invoice.number}`,
        invoiceId: id,
        orderId: r.orderId,
        createdAt: stamp,
      })
      .execute();
    return { creditNoteId: id, credited: money(invoice.total, invoice.currency) };
  },
};

/** An invoice row as the API answers it. */
export function invoiceView(row: CaptureInvoicesTable, ctx: { accountName: string; orderNumber: string; creditsInvoiceNumber: string | null }): Invoice {
  const m = (amount: number): Money => ({ amount, currency: row.currency });
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as Invoice['kind'],
    status: row.status as Invoice['status'],
    accountId: row.accountId,
    accountName: ctx.accountName,
    orderId: row.orderId,
    orderNumber: ctx.orderNumber,
    creditsInvoiceId: row.creditsInvoiceId,
    creditsInvoiceNumber: ctx.creditsInvoiceNumber,
    issuedAt: row.issuedAt,
    dueAt: row.dueAt,
    lines: parseJson<PriceLine[]>(row.lines),
    subtotal: m(row.subtotal),
    taxLines: parseJson<TaxLine[]>(row.taxLines),
    total: m(row.total),
    creditApplied: m(row.creditApplied),
    amountDue: m(row.amountDue),
    pdfUrl: `/api/capture/invoices/${row.id}/pdf/`,
  };
}

/** Invoices and credit notes of some orders (or of an account), newest first, as the API answers them. */
export async function invoicesOf(db: Kysely<Database>, where: { orderIds?: readonly string[]; accountId?: string }): Promise<Invoice[]> {
  let q = db
    .selectFrom('capture_invoices as i')
    .innerJoin('accounts as a', 'a.id', 'i.accountId')
    .innerJoin('capture_orders as o', 'o.id', 'i.orderId')
    .leftJoin('capture_invoices as credited', 'credited.id', 'i.creditsInvoiceId')
    .selectAll('i')
    .select(['a.name as accountName', 'o.number as orderNumber', 'credited.number as creditsInvoiceNumber']);
  if (where.orderIds) {
    if (!where.orderIds.length) return [];
    q = q.where('i.orderId', 'in', where.orderIds);
  }
  if (where.accountId) q = q.where('i.accountId', '=', where.accountId);
  const rows = await q.orderBy('i.issuedAt', 'desc').orderBy('i.number', 'desc').execute();
  return rows.map((r) => invoiceView(r, { accountName: r.accountName, orderNumber: r.orderNumber, creditsInvoiceNumber: r.creditsInvoiceNumber }));
}
