import PDFDocument from 'pdfkit';
import type { Invoice, Money } from '../../../domain/capture.ts';
import { formatMoney } from './pricing.ts';

/**
 * An invoice or credit note as a one-page A4 PDF (pdfkit, built-in Helvetica). Creation date and
 * ids are fixed from the invoice, so the same invoice always gives the same file.
 */

const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
/** Helvetica's WinAnsi encoding has no glyphs beyond Latin-1; other letters would print as garbage. */
const latin = (s: string) => s.normalize('NFC').replace(/[^\u0020-\u00ff\n]/g, '?');

/** The PDF bytes of an invoice. */
export function invoicePdf(invoice: Invoice, details: { address: string[]; billedTo: string; visit?: string | undefined }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${invoice.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice'} ${invoice.number}`,
      Author: 'Discover',
      CreationDate: new Date(invoice.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const title = invoice.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice';
  const right = doc.page.width - 56;
  doc.font('Helvetica-Bold').fontSize(22).text(title, 56, 56);
  doc.font('Helvetica').fontSize(10).fillColor('#555555');
  doc.text('Discover capture services', 56, 86);
  doc.fillColor('#000000');

  const meta: [string, string][] = [
    ['Number', invoice.number],
    ['Issued', day(invoice.issuedAt)],
    ...(invoice.dueAt ? ([['Due', day(invoice.dueAt)]] as [string, string][]) : []),
    ...(invoice.creditsInvoiceNumber ? ([['Credits', invoice.creditsInvoiceNumber]] as [string, string][]) : []),
    ['Order', invoice.orderNumber],
    ...(details.visit ? ([['Visit', details.visit]] as [string, string][]) : []),
    ['Status', invoice.status.charAt(0) + invoice.status.slice(1).toLowerCase()],
    // The order's currency, fixed when it was placed (the property's country's price list).
    ['Currency', invoice.total.currency],
  ];
  let y = 56;
  for (const [k, v] of meta) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(k, right - 220, y, { width: 80 });
    doc.font('Helvetica-Bold').text(latin(v), right - 140, y, { width: 140, align: 'right' });
    y += 16;
  }

  y = Math.max(y, 120) + 20;
  doc.font('Helvetica-Bold').fontSize(11).text('Billed to', 56, y);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(latin(details.billedTo), 56, y + 16);
  doc.font('Helvetica-Bold').fontSize(11).text('Property', 300, y);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(latin(details.address.join('\n')), 300, y + 16, { width: right - 300 });
  y = Math.max(doc.y, y + 40) + 28;

  const row = (label: string, amount: Money, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const h = doc.heightOfString(latin(label), { width: right - 56 - 120 });
    doc.text(latin(label), 56, y, { width: right - 56 - 120 });
    doc.text(formatMoney(amount, { cents: true }), right - 110, y, { width: 110, align: 'right' });
    y += Math.max(h, 14) + 6;
  };
  doc.moveTo(56, y).lineTo(right, y).strokeColor('#cccccc').stroke();
  y += 8;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Description', 56, y)
    .text('Amount', right - 110, y, { width: 110, align: 'right' });
  y += 20;
  for (const line of invoice.lines) row(line.description, line.amount);
  doc.moveTo(56, y).lineTo(right, y).strokeColor('#cccccc').stroke();
  y += 8;
  row('Subtotal', invoice.subtotal);
  for (const t of invoice.taxLines) row(t.label, t.amount);
  row('Total', invoice.total, true);
  if (invoice.creditApplied.amount) row('Account credit applied', { ...invoice.creditApplied, amount: -invoice.creditApplied.amount });
  if (invoice.kind === 'INVOICE') row('Amount due', invoice.amountDue, true);

  y += 24;
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  const note =
    invoice.kind === 'CREDIT_NOTE'
      ? `This credit note cancels invoice ${invoice.creditsInvoiceNumber ?? ''} in full. The amount is kept as account credit and used first on your next order.`
      : `Payable by bank transfer within 30 days, quoting ${invoice.number}. Cancel until 24 hours before the visit for a full account credit.`;
  doc.text(note, 56, y, { width: right - 56 });
  doc.end();
  return done;
}
