import { kindOfHsn, minimumHsnDigits, type ProductKind } from "@bahi/shared/contract";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useDebounced, useHsnLookup, useHsnSearch, type HsnMasterCode } from "../../api/hsn.ts";
import { formatIndianDate } from "../../lib/format.ts";
import { HSN_KIND_LABELS, hsnRateText, readableHsnDescription } from "../../lib/hsn-text.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Field, fieldA11y } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Spinner } from "../ui/spinner.tsx";

const FULL_CODE = /^(\d{4}|\d{6}|\d{8})$/;

interface HsnPickerProps {
  id: string;
  code: string;
  onCodeChange: (code: string) => void;
  onBlur?: () => void;
  kind: ProductKind;
  onKindChange: (kind: ProductKind) => void;
  /** The business's band (Settings): 6 digits above ₹5 crore, else 4 (Notification 78/2020). */
  turnoverAbove5Crore: boolean;
  /** The rate the form holds now ("18"), to offer the list's rate only when it differs. */
  gstRate: string | null;
  /** null: the product carries no GST (nil, exempt, non-GST), so no rate is offered. */
  onUseRate: ((rate: string) => void) | null;
  error?: string | undefined;
  className?: string;
}

/**
 * The product's goods/services choice and its HSN or SAC code: type the code, or words to
 * search the official list and pick a match. Shows the chosen code's description and the rate
 * Bahi's list has for it.
 */
export function HsnPicker({ id, code, onCodeChange, onBlur, kind, onKindChange, turnoverAbove5Crore, gstRate, onUseRate, error, className }: HsnPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = code.trim();
  const query = useDebounced(FULL_CODE.test(typed.replace(/[\s.]/g, "")) ? "" : typed);
  const search = useHsnSearch(query);
  const lookup = useHsnLookup(typed || null);
  const matches = query ? (search.data ?? []) : [];
  const showList = open && query !== "" && typed !== "";
  const name = kind === "services" ? "SAC" : "HSN";
  const minimum = minimumHsnDigits(turnoverAbove5Crore);
  const listRef = useRef<HTMLDivElement>(null);
  // The list opens under the field, near a dialog's bottom edge: bring it into sight.
  useEffect(() => {
    if (showList) listRef.current?.scrollIntoView({ block: "nearest" });
  }, [showList, matches.length]);

  function changeCode(next: string) {
    onCodeChange(next);
    setOpen(true);
    setActive(0);
    // A whole code says what it is: 99… is a service (SAC), anything else goods (HSN).
    const digits = next.replace(/[\s.]/g, "");
    if (FULL_CODE.test(digits) && kindOfHsn(digits) !== kind) onKindChange(kindOfHsn(digits));
  }

  function choose(match: HsnMasterCode) {
    onCodeChange(match.code);
    if (match.kind !== kind) onKindChange(match.kind);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") setOpen(false);
    if (!showList || matches.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((index) => (index + 1) % matches.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index - 1 + matches.length) % matches.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const match = matches[Math.min(active, matches.length - 1)];
      if (match) choose(match);
    }
  }

  const found = lookup.data;
  const suggested = found?.gstRate ?? null;

  return (
    <div className={cn("grid gap-3", className)}>
      <div role="radiogroup" aria-label="Goods or services" className="grid grid-cols-2 gap-1 rounded-lg border bg-muted/60 p-1">
        {(
          [
            ["goods", "Goods", "Things you sell: HSN code"],
            ["services", "Services", "Work you do: SAC code (99…)"],
          ] as const
        ).map(([value, label, detail]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={kind === value}
            onClick={() => onKindChange(value)}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
              kind === value && "bg-card text-foreground shadow-sm",
            )}
          >
            {label}
            <span className="block text-xs font-normal text-muted-foreground">{detail}</span>
          </button>
        ))}
      </div>
      <Field
        id={id}
        label={`${name} Code`}
        error={error}
        hint={`Type the code (at least ${minimum} digits${turnoverAbove5Crore ? "" : "; may be left empty if you sell only to unregistered buyers"}) or a word to search, like “${kind === "services" ? "repair" : "shampoo"}”`}
      >
        <div>
          <Input
            {...fieldA11y(id, error)}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && matches[active] ? `${listId}-${matches[active].code}` : undefined}
            autoComplete="off"
            placeholder={kind === "services" ? "998314 or repair" : "6205 or shirt"}
            maxLength={100}
            value={code}
            onChange={(event) => changeCode(event.target.value)}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              onBlur?.();
            }}
            onKeyDown={onKeyDown}
          />
          {showList && (
            <div
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={`Matching ${name} codes`}
              // Keep focus in the input while a match is clicked, so blur does not close the list first.
              // Shown in the flow, not floating: a floating list would be cut off at a scrolling dialog's edge.
              onMouseDown={(event) => event.preventDefault()}
              className="mt-1 max-h-72 w-full overflow-y-auto rounded-xl border bg-popover p-1.5 shadow-md"
            >
              {search.isPending ? (
                <div className="flex items-center gap-2 px-3 py-3 text-sm text-muted-foreground">
                  <Spinner className="size-4" label="Searching" /> Searching...
                </div>
              ) : search.isError ? (
                <p className="px-3 py-3 text-sm text-muted-foreground">The HSN/SAC list cannot be searched right now.</p>
              ) : matches.length === 0 ? (
                <p className="px-3 py-3 text-sm text-muted-foreground">No code matches “{query}”</p>
              ) : (
                matches.map((match, index) => (
                  <div
                    key={match.code}
                    id={`${listId}-${match.code}`}
                    role="option"
                    aria-selected={index === active}
                    onClick={() => choose(match)}
                    onMouseEnter={() => setActive(index)}
                    className={cn("cursor-pointer rounded-lg px-3 py-2 text-sm", index === active && "bg-accent text-accent-foreground")}
                  >
                    <span className="font-mono text-xs font-semibold">{match.code}</span>{" "}
                    <span className="text-xs text-muted-foreground">
                      · {HSN_KIND_LABELS[match.kind]} · {hsnRateText(match.gstRate)}
                    </span>
                    <span className="block">{readableHsnDescription(match.description)}</span>
                    {match.heading && match.heading !== match.description && (
                      <span className="block text-xs text-muted-foreground">Under {readableHsnDescription(match.heading)}</span>
                    )}
                  </div>
                ))
              )}
            </div>
          )}
        </div>
      </Field>
      {found ? (
        <div aria-label={`${name} description`} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <span className="min-w-0 flex-1">
            <span className="font-mono text-xs font-semibold">{found.code}</span> {readableHsnDescription(found.description)}
            {found.heading && found.heading !== found.description && <span className="block text-xs text-muted-foreground">Under {readableHsnDescription(found.heading)}</span>}
          </span>
          {suggested !== null ? (
            <span className="flex items-center gap-2 text-xs text-muted-foreground">
              GST {suggested}%{found.effectiveFrom ? ` from ${formatIndianDate(found.effectiveFrom)}` : ""}
              {onUseRate && gstRate !== suggested && (
                <Button type="button" size="sm" variant="outline" onClick={() => onUseRate(suggested)}>
                  Use {suggested}%
                </Button>
              )}
            </span>
          ) : (
            <span className="text-xs text-muted-foreground">Rate not in Bahi's list: check it with your accountant</span>
          )}
        </div>
      ) : lookup.isSuccess && found === null ? (
        <p role="note" className="text-sm text-amber-800">
          {typed} is not in the GST {name} list. Search by a word to find the right code.
        </p>
      ) : null}
    </div>
  );
}
