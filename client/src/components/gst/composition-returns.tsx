import { COMPOSITION_RATES, indianDateOf, type CompositionCategory, type SupplierRegistration } from "@bahi/shared/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { requestJson } from "../../api/http.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";

/** GET /api/gst/cmp08 (read-api/src/gst/cmp08Routes.ts; figures from shared/src/returns/cmp08.ts). */
interface Heads {
  value?: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
}
interface Cmp08Statement {
  financialYear: string;
  quarter: 1 | 2 | 3 | 4;
  label: string;
  dueDate: string;
  category: CompositionCategory;
  rate: string;
  rateSource: string;
  bills: number;
  taxableTurnover: string;
  outward: Heads;
  reverseCharge: Heads;
  payable: Heads;
  totalPayable: string;
}

const KIND_NAMES: Record<CompositionCategory, string> = { manufacturer: "manufacturer", trader: "trader", restaurant: "restaurant", services: "service provider" };

const QUARTERS = [
  { value: "1", label: "April–June" },
  { value: "2", label: "July–September" },
  { value: "3", label: "October–December" },
  { value: "4", label: "January–March" },
] as const;

/** The financial year and quarter of an Indian date: April–June is the first quarter. */
function quarterOf(day: string): { financialYear: string; quarter: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return { financialYear: `${start}-${String((start + 1) % 100).padStart(2, "0")}`, quarter: String(month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) };
}

/** This financial year and the two before it. */
function recentYears(current: string): string[] {
  const start = Number(current.slice(0, 4));
  return [0, 1, 2].map((back) => `${start - back}-${String((start - back + 1) % 100).padStart(2, "0")}`);
}

function useCmp08(financialYear: string, quarter: string) {
  return useQuery<Cmp08Statement>({
    queryKey: ["/api/gst/cmp08", financialYear, quarter],
    queryFn: () => requestJson<Cmp08Statement>("GET", `/api/gst/cmp08?financialYear=${encodeURIComponent(financialYear)}&quarter=${encodeURIComponent(quarter)}`),
  });
}

function HeadsRow({ label, heads, strong = false }: { label: string; heads: Heads; strong?: boolean }) {
  const cell = strong ? "text-right font-semibold tabular-nums" : "text-right tabular-nums";
  return (
    <TableRow aria-label={label}>
      <TableCell className={strong ? "font-semibold text-foreground" : "font-medium text-foreground"}>{label}</TableCell>
      <TableCell className={cell}>{heads.value === undefined ? "—" : formatRupees(heads.value)}</TableCell>
      <TableCell className={cell}>{formatRupees(heads.igst)}</TableCell>
      <TableCell className={cell}>{formatRupees(heads.cgst)}</TableCell>
      <TableCell className={cell}>{formatRupees(heads.sgst)}</TableCell>
    </TableRow>
  );
}

/** Issue 9: a composition business's quarterly CMP-08, in place of GSTR-1 and GSTR-3B. */
function Cmp08Card() {
  const today = quarterOf(indianDateOf(new Date()));
  const [financialYear, setFinancialYear] = useState(today.financialYear);
  const [quarter, setQuarter] = useState(today.quarter);
  const statement = useCmp08(financialYear, quarter);
  const data = statement.data;

  return (
    <Card role="region" aria-label="CMP-08">
      <CardHeader>
        <CardTitle>CMP-08 (quarterly tax statement)</CardTitle>
        <CardDescription>
          As a composition business you pay a fixed share of your sales each quarter instead of charging GST, and you file CMP-08 by the 18th of the month after the quarter. You do
          not file GSTR-1 or GSTR-3B, and you cannot claim input tax credit on purchases.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-3">
          <Select value={financialYear} onValueChange={setFinancialYear}>
            <SelectTrigger aria-label="Financial year" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {recentYears(today.financialYear).map((year) => (
                <SelectItem key={year} value={year}>
                  FY {year}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={quarter} onValueChange={setQuarter}>
            <SelectTrigger aria-label="Quarter" className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {QUARTERS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {statement.isPending ? (
          <TableSkeleton rows={3} inset="none" />
        ) : statement.isError || !data ? (
          <ErrorState title="Could not work out CMP-08" error={statement.error} onRetry={() => void statement.refetch()} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {data.label}: {data.bills} {data.bills === 1 ? "bill" : "bills"} of supply. As a {KIND_NAMES[data.category]} you pay {data.rate}% of your{" "}
              {COMPOSITION_RATES[data.category].base === "taxableTurnover" ? "taxable sales" : "sales"} ({formatRupees(data.taxableTurnover)}), half CGST and half SGST. Due{" "}
              {formatIndianDate(data.dueDate)}.
            </p>
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>CMP-08 Table 3</TableHead>
                  <TableHead className="text-right">Value</TableHead>
                  <TableHead className="text-right">IGST</TableHead>
                  <TableHead className="text-right">CGST</TableHead>
                  <TableHead className="text-right">SGST/UTGST</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <HeadsRow label="Sales (including exempt sales)" heads={data.outward} />
                <HeadsRow label="Purchases on reverse charge" heads={data.reverseCharge} />
                <HeadsRow label="Tax to pay in cash" heads={data.payable} strong />
              </TableBody>
            </Table>
            <p className="text-sm font-medium text-foreground">Total to pay: {formatRupees(data.totalPayable)}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The GST Returns tab for a business that does not file GSTR-1 and GSTR-3B: a composition one
 * sees its CMP-08; an unregistered one is told it files nothing.
 */
export function CompositionReturns({ registration }: { registration: Exclude<SupplierRegistration, "Regular"> }) {
  if (registration === "Composition") return <Cmp08Card />;
  return (
    <Card role="region" aria-label="No GST returns">
      <CardHeader>
        <CardTitle>No GST returns to file</CardTitle>
        <CardDescription>
          Your business is not registered for GST, so it charges no GST and files no GST returns. Once you register, add your GSTIN and GST category in Settings.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
