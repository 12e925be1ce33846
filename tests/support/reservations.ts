import type { SqlClient } from "@bahi/shared/server";

interface Row {
  stream_id: string;
  type: string;
  data: Record<string, any>;
}

/**
 * Reads the log directly and lists every reservation or quota slot held by nothing: a number
 * reserved for an invoice that does not exist, a SKU held by a deleted or missing product or
 * one with another SKU, a quota slot of an invoice never created, and a live record that does
 * not hold its own number or SKU, a series number that is neither a created invoice's nor
 * voided, or a series with a gap. Empty when everything settled.
 */
export async function heldByNothing(sql: SqlClient): Promise<string[]> {
  const rows = await sql.query<Row>(
    `SELECT stream_id, type, data FROM bahi_events
      WHERE stream_id LIKE 'invoiceno-%' OR stream_id LIKE 'invoicequota-%' OR stream_id LIKE 'sku-%' OR stream_id LIKE 'invoice-%' OR stream_id LIKE 'product-%' OR stream_id LIKE 'docseries-%'
      ORDER BY stream_id, stream_revision`,
  );
  const byStream = new Map<string, Row[]>();
  for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);

  const invoices = new Map<string, { number: string; ownerId: string }>();
  const products = new Map<string, { sku: string; ownerId: string; deleted: boolean }>();
  for (const [stream, events] of byStream) {
    if (stream.startsWith("invoice-")) {
      const created = events.find((e) => e.type === "InvoiceCreated");
      if (created) invoices.set(created.data.invoiceId, { number: created.data.invoiceNumber.toUpperCase(), ownerId: created.data.ownerId });
    } else if (stream.startsWith("product-")) {
      const added = events.find((e) => e.type === "ProductAdded");
      if (!added) continue;
      const updates = events.filter((e) => e.type === "ProductUpdated");
      const sku: string = updates.length > 0 ? updates.at(-1)!.data.sku : added.data.sku;
      products.set(stream.slice("product-".length), { sku, ownerId: added.data.ownerId, deleted: events.some((e) => e.type === "ProductDeleted") });
    }
  }

  const problems: string[] = [];
  const numberHolders = new Map<string, string>();
  const skuHolders = new Map<string, string>();
  for (const [stream, events] of byStream) {
    if (stream.startsWith("invoiceno-")) {
      const last = events.at(-1)!;
      if (last.type !== "InvoiceNumberReserved") continue;
      const invoice = invoices.get(last.data.invoiceId);
      numberHolders.set(last.data.invoiceId, stream);
      if (!invoice || invoice.number !== last.data.invoiceNumber.toUpperCase()) problems.push(`${stream} held by ${last.data.invoiceId}, which is no invoice with that number`);
    } else if (stream.startsWith("invoicequota-")) {
      const used = new Set<string>();
      for (const e of events) {
        if (e.type === "InvoiceQuotaUsed") used.add(e.data.invoiceId);
        else if (e.type === "InvoiceQuotaReturned") used.delete(e.data.invoiceId);
      }
      for (const id of used) if (!invoices.has(id)) problems.push(`${stream}: slot used by ${id}, which was never created`);
    } else if (stream.startsWith("sku-")) {
      const last = events.at(-1)!;
      if (last.type !== "SkuReserved") continue;
      const product = products.get(last.data.productId);
      skuHolders.set(last.data.productId, last.data.sku);
      if (!product || product.deleted || product.sku !== last.data.sku) problems.push(`${stream} held by ${last.data.productId}, which is no live product with that SKU`);
    } else if (stream.startsWith("docseries-")) {
      const voided = new Set(events.filter((e) => e.type === "DocumentNumberVoided").map((e) => e.data.sequence as number));
      const issued = events.filter((e) => e.type === "DocumentNumberIssued");
      issued.forEach((e, index) => {
        if (e.data.sequence !== index + 1) problems.push(`${stream}: sequence ${e.data.sequence} issued in place ${index + 1} (a gap or a duplicate)`);
        if (voided.has(e.data.sequence)) return;
        const invoice = invoices.get(e.data.documentId);
        if (!invoice || invoice.number !== String(e.data.number).toUpperCase())
          problems.push(`${stream}: ${e.data.number} issued to ${e.data.documentId}, which is no invoice with that number and was not voided`);
      });
    }
  }
  for (const [id, invoice] of invoices) if (!numberHolders.has(id)) problems.push(`invoice ${id} (${invoice.number}) does not hold its number`);
  for (const [id, product] of products) if (!product.deleted && skuHolders.get(id) !== product.sku) problems.push(`product ${id} does not hold its SKU ${product.sku}`);
  return problems;
}

/** Events of the given types in the log, for checking what processes left behind. */
export async function eventsOfType(sql: SqlClient, types: string[]): Promise<Row[]> {
  return sql.query<Row>(`SELECT stream_id, type, data FROM bahi_events WHERE type = ANY($1::text[]) ORDER BY position`, [types]);
}
