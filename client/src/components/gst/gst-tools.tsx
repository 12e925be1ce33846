import { formatInr, ratesValidOn } from "@bahi/shared/contract";
import { BadgeCheck, Calculator, CircleX, ListTree, SearchCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useHsnCodes, useValidateGstin, type GstinDetails } from "../../api/gst.ts";
import { useCanWrite } from "../../auth/access.tsx";
import { normalisePercent } from "../../lib/gst-rate-options.ts";
import { calculateGst, describeGstin, holderTypeLabel, registrationTypeLabel } from "../../lib/gst.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";
import { HsnFinder } from "./hsn-finder.tsx";
import { toast } from "../ui/use-toast.ts";

const HSN_PREVIEW = 6;

type Checked = { valid: true; details: GstinDetails } | { valid: false; gstin: string; error: string } | null;

/** The parts of a GSTIN, shown until one has been checked. */
const GSTIN_PARTS = [
  ["27", "State code"],
  ["AAPFU0939F", "PAN of the business"],
  ["1", "Registration number under that PAN"],
  ["Z", "Z by default"],
  ["V", "Check character"],
] as const;

function GstinDetailsList({ details }: { details: GstinDetails }) {
  return (
    <dl aria-label="GSTIN details" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4 text-sm">
      <dt className="col-span-2 mb-1 flex items-center gap-2 font-semibold text-emerald-800">
        <BadgeCheck aria-hidden="true" className="size-4" />
        {details.gstin} is valid
      </dt>
      {details.businessName && (
        <>
          <dt className="text-muted-foreground">Business</dt>
          <dd className="font-medium">{details.businessName}</dd>
        </>
      )}
      <dt className="text-muted-foreground">State</dt>
      <dd>
        {details.stateCode}-{details.stateName}
      </dd>
      {details.pan && (
        <>
          <dt className="text-muted-foreground">PAN</dt>
          <dd className="font-mono">{details.pan}</dd>
        </>
      )}
      {details.holderType && (
        <>
          <dt className="text-muted-foreground">Holder</dt>
          <dd>{holderTypeLabel(details.holderType)}</dd>
        </>
      )}
      <dt className="text-muted-foreground">Registration</dt>
      <dd>{registrationTypeLabel(details.registrationType)}</dd>
    </dl>
  );
}

function GstinValidator() {
  const [gstin, setGstin] = useState("");
  const [checked, setChecked] = useState<Checked>(null);
  const validate = useValidateGstin();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const asked = gstin.trim();
    setChecked(null);
    try {
      const result = await validate.mutateAsync(asked);
      if (result.valid && result.details) {
        setChecked({ valid: true, details: result.details });
        const name = result.details.businessName;
        toast({ title: "GSTIN Valid", description: name ? `Business: ${name}` : describeGstin(result.details) });
      } else if (result.valid) {
        toast({ title: "GSTIN Valid" });
      } else {
        const error = result.error ?? "This is not a valid GSTIN";
        setChecked({ valid: false, gstin: asked.toUpperCase(), error });
        toast({ title: "GSTIN Invalid", description: error, variant: "destructive" });
      }
    } catch {
      toast({ title: "Validation Failed", description: "Unable to validate GSTIN at this time", variant: "destructive" });
    }
  }

  return (
    <Card role="region" aria-label="GSTIN Validator">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SearchCheck aria-hidden="true" className="size-4 text-primary" />
          GSTIN Validator
        </CardTitle>
        <CardDescription>Checks the format, state code and check character of a GSTIN</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            id="gstin-to-validate"
            label="GSTIN"
            className="flex-1"
            placeholder="27AAPFU0939F1ZV"
            autoCapitalize="characters"
            spellCheck={false}
            value={gstin}
            onChange={(event) => setGstin(event.target.value)}
          />
          <Button type="submit" disabled={gstin.trim() === "" || validate.isPending}>
            {validate.isPending ? "Validating..." : "Validate"}
          </Button>
        </form>
        {checked?.valid ? (
          <GstinDetailsList details={checked.details} />
        ) : checked ? (
          <div role="note" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              <span className="font-semibold">{checked.gstin || "That"} is not a valid GSTIN.</span> {checked.error}
            </p>
          </div>
        ) : (
          <div className="rounded-lg border border-dashed p-4">
            <p className="text-xs font-medium text-muted-foreground">A GSTIN has 15 characters:</p>
            <dl className="mt-2 grid gap-1 text-sm">
              {GSTIN_PARTS.map(([part, meaning]) => (
                <div key={meaning} className="flex gap-3">
                  <dt className="w-28 shrink-0 font-mono text-foreground">{part}</dt>
                  <dd className="text-muted-foreground">{meaning}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ResultLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn("flex justify-between gap-3", strong ? "border-t pt-2 font-semibold text-foreground" : "text-muted-foreground")}>
      <dt>{label}</dt>
      <dd className="tabular-nums" aria-label={label}>
        {value}
      </dd>
    </div>
  );
}

function GstCalculator() {
  const [today] = useState(() => new Date());
  const rates = ratesValidOn(today).map(String);
  const [amount, setAmount] = useState("");
  const [rate, setRate] = useState(rates.includes("18") ? "18" : (rates[0] ?? "0"));
  const [kind, setKind] = useState<"intra" | "inter">("intra");
  const result = calculateGst(amount, rate, kind);
  const half = normalisePercent(Number(rate) / 2);

  return (
    <Card role="region" aria-label="GST Calculator">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Calculator aria-hidden="true" className="size-4 text-primary" />
          GST Calculator
        </CardTitle>
        <CardDescription>Tax on an amount before GST, rounded to the paisa as on an invoice</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="calculator-amount"
            label="Amount (₹)"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="1000"
            value={amount}
            error={result && !result.ok ? result.message : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field id="calculator-rate" label="GST Rate">
            <Select value={rate} onValueChange={setRate}>
              <SelectTrigger id="calculator-rate">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {rates.map((option) => (
                  <SelectItem key={option} value={option}>
                    {option}%
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        </div>
        <div role="radiogroup" aria-label="Supply" className="grid grid-cols-2 gap-1 rounded-lg border bg-muted/60 p-1">
          {(
            [
              ["intra", "Within the state", "CGST + SGST"],
              ["inter", "Across states", "IGST"],
            ] as const
          ).map(([value, label, heads]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={kind === value}
              onClick={() => setKind(value)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
                kind === value && "bg-card text-foreground shadow-sm",
              )}
            >
              {label}
              <span className="block text-xs font-normal text-muted-foreground">{heads}</span>
            </button>
          ))}
        </div>
        <dl aria-label="GST calculation" className="grid gap-2 rounded-xl border bg-muted/40 p-4 text-sm">
          {result?.ok ? (
            <>
              <ResultLine label="Amount" value={formatInr(result.line.taxablePaise)} />
              {kind === "intra" ? (
                <>
                  <ResultLine label={`CGST (${half}%)`} value={formatInr(result.line.cgstPaise)} />
                  <ResultLine label={`SGST (${half}%)`} value={formatInr(result.line.sgstPaise)} />
                </>
              ) : (
                <ResultLine label={`IGST (${rate}%)`} value={formatInr(result.line.igstPaise)} />
              )}
              <ResultLine label="Total GST" value={formatInr(result.line.taxPaise)} />
              <ResultLine label="Total" value={formatInr(result.line.amountPaise)} strong />
            </>
          ) : (
            <p className="text-muted-foreground">Enter an amount to see CGST and SGST, or IGST, and the total.</p>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

function HsnCodes() {
  const codes = useHsnCodes();
  const list = codes.data ?? [];
  return (
    <Card role="region" aria-label="HSN/SAC Codes" className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListTree aria-hidden="true" className="size-4 text-primary" />
          HSN/SAC Codes
        </CardTitle>
        <CardDescription>
          {codes.isSuccess ? `Showing ${Math.min(HSN_PREVIEW, list.length)} of ${list.length} codes with their GST rates` : "Common codes with their GST rates"}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        {codes.isPending ? (
          <div aria-busy="true" aria-label="Loading" className="grid gap-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        ) : codes.isError ? (
          <p role="alert" className="text-sm text-muted-foreground">
            HSN/SAC codes could not be loaded.{" "}
            <button type="button" className="font-medium text-primary underline" onClick={() => void codes.refetch()}>
              Try again
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No HSN/SAC codes available.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Code</TableHead>
                <TableHead>Description</TableHead>
                <TableHead className="text-right">GST Rate</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.slice(0, HSN_PREVIEW).map((code) => (
                <TableRow key={code.code}>
                  <TableCell className="font-mono text-xs font-medium">{code.code}</TableCell>
                  <TableCell className="whitespace-normal">{code.description}</TableCell>
                  <TableCell className="text-right tabular-nums">{normalisePercent(code.gstRate) || String(code.gstRate)}%</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The GST Tools tab: GSTIN validator, GST calculator, the HSN/SAC finder (official master) and the codes with rates Bahi knows. */
export function GstTools() {
  // Issue 11: the GSTIN check is a POST the server refuses an auditor, so it is not offered.
  const canWrite = useCanWrite();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {canWrite && <GstinValidator />}
      <GstCalculator />
      <HsnFinder />
      <HsnCodes />
    </div>
  );
}
