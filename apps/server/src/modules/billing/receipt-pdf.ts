import { BILLING_TEXTS, boughtByText, type Receipt, receiptAddressLines } from '@conduit/contracts';
import PDFDocument from 'pdfkit';

const money = (cents: number, currency: string) =>
  `${new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)} ${currency.toUpperCase()}`;

/**
 * The receipt as a PDF (pdfkit, A4, its built-in Helvetica): the same parts as the receipt page,
 * from the same answer, so the frozen billing details are what it prints.
 */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Receipt ${receipt.paymentId}`, Author: receipt.seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  if (receipt.testMode) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#b45309');
    doc.text(`${BILLING_TEXTS.testMode}: no real payment was taken`, { align: 'center' }).moveDown();
  }
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#111827').text('Receipt', left, top);
  doc.font('Helvetica').fontSize(10).fillColor('#6b7280').text(`Payment ${receipt.paymentId}`);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#111827')
    .text(receipt.seller.name, left, top, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('#6b7280');
  doc.text(receipt.seller.website, { width, align: 'right' });
  doc.text(receipt.seller.email, { width, align: 'right' });

  doc.moveDown(2).x = left;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#6b7280').text('BILLED TO', left);
  doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#111827');
  const billedTo = receipt.billingDetails
    ? receiptAddressLines(receipt.billingDetails)
    : ['No billing details saved.'];
  for (const line of billedTo) doc.text(line, left);

  doc.moveDown(1.5);
  const rows: [string, string][] = [
    ['Date paid', `${new Date(receipt.paidAt).toISOString().replace('T', ' ').slice(0, 16)} UTC`],
    ['Item', `${receipt.label} credit pack (${receipt.credits.toLocaleString('en-US')} credits)`],
    ['Paid with', receipt.method],
    ['Bought by', boughtByText(receipt)],
    ['Amount paid', money(receipt.amount, receipt.currency)],
  ];
  for (const [term, value] of rows) {
    const y = doc.y;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#e5e7eb')
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#6b7280')
      .text(term, left, y + 8);
    doc
      .font(term === 'Amount paid' ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .fillColor('#111827')
      .text(value, left + width / 3, y + 8, { width: (width * 2) / 3, align: 'right' });
    doc.y = y + 30;
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#e5e7eb')
    .stroke();
  doc.end();
  return done;
}
