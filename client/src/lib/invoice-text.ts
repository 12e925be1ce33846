import { amountInWords, placeOfSupplyLabel, toPaise } from "@bahi/shared/contract";
import type { Invoice } from "@bahi/shared/contract";
import { formatIndianDate, formatRupees } from "./format.ts";

function stateLabel(code: string | null): string | null {
  if (!code) return null;
  try {
    return placeOfSupplyLabel(code);
  } catch {
    return code;
  }
}

function paiseOf(amount: string): number {
  try {
    return toPaise(amount);
  } catch {
    return 0;
  }
}

/** Aligned columns: the first left-aligned, the rest right-aligned. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd(),
  );
}

function labelled(pairs: readonly (readonly [string, string | null | undefined])[]): string[] {
  const present = pairs.filter((pair): pair is readonly [string, string] => Boolean(pair[1]));
  const width = Math.max(...present.map(([label]) => label.length)) + 1;
  return present.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}`);
}

/**
 * The invoice as a plain-text file (SPEC §2 "Download produces a plain text file"): supplier,
 * invoice details, bill-to, place of supply, items with HSN and the tax split, totals and the
 * amount in words. Lines end with "\n".
 */
export function invoiceAsText(invoice: Invoice): string {
  const inter = invoice.taxKind === "inter";
  const stateTax = invoice.stateTaxLabel;
  const taxHeads = inter ? ["IGST"] : ["CGST", stateTax];

  const itemRows = [
    ["#", "Item", "HSN", "Qty", "Price", "Taxable", "GST %", ...taxHeads, "Amount"],
    ...invoice.items.map((item, index) => [
      String(index + 1),
      item.product.name,
      item.hsnCode ?? "",
      String(item.quantity),
      formatRupees(item.price),
      formatRupees(item.taxableValue),
      `${item.gstRate}%`,
      ...(inter ? [formatRupees(item.igstAmount)] : [formatRupees(item.cgstAmount), formatRupees(item.sgstAmount)]),
      formatRupees(item.amount),
    ]),
  ];
  const itemLines = table(itemRows);
  const rule = "-".repeat(Math.max(...itemLines.map((line) => line.length)));

  const cess = paiseOf(invoice.cessAmount) > 0 ? formatRupees(invoice.cessAmount) : null;
  const lines = [
    "TAX INVOICE",
    "",
    ...labelled([
      ["Supplier", invoice.supplier.name],
      ["GSTIN", invoice.supplier.gstin],
      ["Address", invoice.supplier.address],
      ["State", stateLabel(invoice.supplier.stateCode)],
    ]),
    "",
    ...labelled([
      ["Invoice Number", invoice.invoiceNumber],
      ["Invoice Date", formatIndianDate(invoice.issueDate)],
      ["Due Date", formatIndianDate(invoice.dueDate)],
      ["Status", invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1)],
      ["Place of Supply", stateLabel(invoice.placeOfSupply)],
      ["Reverse Charge", invoice.reverseCharge ? "Yes" : "No"],
    ]),
    "",
    "Bill To:",
    ...labelled([
      ["Name", invoice.customer.name],
      ["Address", invoice.customer.address],
      ["GSTIN", invoice.customer.gstNumber],
    ]).map((line) => `  ${line}`),
    "",
    rule,
    itemLines[0]!,
    rule,
    ...itemLines.slice(1),
    rule,
    "",
    ...labelled([
      ["Taxable Value", formatRupees(invoice.subtotal)],
      ...(inter
        ? ([["IGST", formatRupees(invoice.igstAmount)]] as const)
        : ([
            ["CGST", formatRupees(invoice.cgstAmount)],
            [stateTax, formatRupees(invoice.sgstAmount)],
          ] as const)),
      ["Cess", cess],
      ["GST Amount", formatRupees(invoice.gstAmount)],
      ["Total", formatRupees(invoice.total)],
    ]),
    "",
    `Amount in words: ${amountInWords(paiseOf(invoice.total))}`,
  ];
  if (invoice.notes) lines.push("", "Notes:", invoice.notes);
  return `${lines.join("\n")}\n`;
}
