import { Search } from "lucide-react";
import { useState } from "react";
import { useDebounced, useHsnSearch } from "../../api/hsn.ts";
import { HSN_KIND_LABELS, hsnRateText, readableHsnDescription } from "../../lib/hsn-text.ts";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";

/** GST Tools: search the official HSN/SAC list by code or words, with the rate where Bahi knows it. */
export function HsnFinder() {
  const [text, setText] = useState("");
  const query = useDebounced(text.trim());
  const search = useHsnSearch(query);
  const codes = query ? (search.data ?? []) : [];

  return (
    <Card role="region" aria-label="HSN/SAC Finder" className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Search aria-hidden="true" className="size-4 text-primary" />
          Find an HSN/SAC Code
        </CardTitle>
        <CardDescription>Search the official GST list of 18,687 codes by what you sell (“shampoo”, “repair”) or by the first digits of a code</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-3 sm:px-6">
        <TextField
          id="hsn-finder-query"
          label="Product, service or code"
          type="search"
          placeholder="shampoo or 3305"
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {query === "" ? (
          <p className="text-sm text-muted-foreground">Goods have HSN codes; services have SAC codes, which start with 99.</p>
        ) : search.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" label="Searching" /> Searching...
          </div>
        ) : search.isError ? (
          <p role="alert" className="text-sm text-muted-foreground">
            The HSN/SAC list could not be searched.{" "}
            <button type="button" className="font-medium text-primary underline" onClick={() => void search.refetch()}>
              Try again
            </button>
          </p>
        ) : codes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No HSN/SAC code matches “{query}”. Try a simpler word or fewer digits.</p>
        ) : (
          <Table aria-label="Matching HSN/SAC codes">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Code</TableHead>
                <TableHead>Description</TableHead>
                <TableHead>Type</TableHead>
                <TableHead className="text-right">GST Rate</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {codes.map((code) => (
                <TableRow key={code.code}>
                  <TableCell className="font-mono text-xs font-medium">{code.code}</TableCell>
                  <TableCell className="whitespace-normal">
                    {readableHsnDescription(code.description)}
                    {code.heading && code.heading !== code.description && <span className="block text-xs text-muted-foreground">Under {readableHsnDescription(code.heading)}</span>}
                  </TableCell>
                  <TableCell>
                    <Badge variant={code.kind === "services" ? "soft" : "outline"}>{HSN_KIND_LABELS[code.kind]}</Badge>
                  </TableCell>
                  <TableCell className={code.gstRate === null ? "text-right text-xs text-muted-foreground" : "text-right tabular-nums"} title={code.rateNote ?? undefined}>
                    {hsnRateText(code.gstRate)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
