import { isMeasurableUnit, isUqc, UQC_CODES, UQC_NAMES, type Uqc } from "@bahi/shared/contract";
import { useId, useState, type KeyboardEvent } from "react";
import { cn } from "../../lib/utils.ts";
import { Field, fieldA11y } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/** The units most shops use, listed first; the rest follow in the GSTN list's order. */
const COMMON: readonly Uqc[] = ["NOS", "PCS", "KGS", "GMS", "LTR", "MLT", "MTR", "BOX", "PAC", "DOZ", "SET", "PRS", "BTL", "BAG", "OTH"];
const ORDERED: readonly Uqc[] = [...COMMON, ...UQC_CODES.filter((code) => !COMMON.includes(code))];

/** "KILOGRAMS" → "Kilograms" */
function unitName(code: Uqc): string {
  const name = UQC_NAMES[code];
  return `${name.charAt(0)}${name.slice(1).toLowerCase()}`;
}

function matching(query: string): Uqc[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...ORDERED];
  return ORDERED.filter((code) => code.toLowerCase().startsWith(q) || UQC_NAMES[code].toLowerCase().includes(q));
}

interface UnitPickerProps {
  id: string;
  /** A UQC code ("KGS"). */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  className?: string;
}

/**
 * The product's unit of measure from the GSTN's list (UQC), as GSTR-1 and e-invoices report it:
 * type a code or a word ("kilo", "box") and pick. Shows whether the unit takes fractions.
 */
export function UnitPicker({ id, value, onChange, onBlur, error, className }: UnitPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const shown = query ?? (isUqc(value) ? `${value} – ${unitName(value)}` : value);
  const matches = matching(query ?? "");

  function choose(code: Uqc) {
    onChange(code);
    setQuery(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      setOpen(false);
      setQuery(null);
      return;
    }
    if (!open || matches.length === 0) return;
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

  const hint = isUqc(value)
    ? isMeasurableUnit(value)
      ? "Sold in measures: quantities like 2.5 are allowed"
      : "Counted: quantities are whole numbers"
    : "Pick a unit from the list";

  return (
    <Field id={id} label="Unit" error={error} hint={hint} className={className}>
      <div className="relative">
        <Input
          {...fieldA11y(id, error)}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && matches[active] ? `${listId}-${matches[active]}` : undefined}
          autoComplete="off"
          placeholder="NOS, KGS, box…"
          maxLength={40}
          value={shown}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={(event) => {
            setOpen(true);
            event.target.select();
          }}
          onBlur={() => {
            // Typed an exact code and left: take it; anything else goes back to the chosen unit.
            const typed = (query ?? "").trim().toUpperCase();
            if (isUqc(typed)) onChange(typed);
            setQuery(null);
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        {open && (
          <div
            id={listId}
            role="listbox"
            aria-label="Units"
            // Keep focus in the input while an option is clicked, so blur does not close the list first.
            onMouseDown={(event) => event.preventDefault()}
            className="absolute top-full left-0 z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border bg-popover p-1.5 shadow-xl"
          >
            {matches.length === 0 ? (
              <p className="px-3 py-3 text-sm text-muted-foreground">No unit matches “{query}”. Try OTH (others).</p>
            ) : (
              matches.map((code, index) => (
                <div
                  key={code}
                  id={`${listId}-${code}`}
                  role="option"
                  aria-selected={code === value}
                  onClick={() => choose(code)}
                  onMouseEnter={() => setActive(index)}
                  className={cn("flex cursor-pointer items-baseline gap-2 rounded-lg px-3 py-1.5 text-sm", index === active && "bg-accent text-accent-foreground")}
                >
                  <span className="w-10 font-mono text-xs font-semibold">{code}</span>
                  <span>{unitName(code)}</span>
                  {isMeasurableUnit(code) && <span className="ml-auto text-xs text-muted-foreground">decimals</span>}
                </div>
              ))
            )}
          </div>
        )}
      </div>
    </Field>
  );
}
