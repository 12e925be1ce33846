import { placeOfSupplyLabel } from "@bahi/shared/contract";
import { Archive, Calendar, Landmark, Mail, MapPin, Pencil, Phone, Trash, Truck, type LucideIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useCanWrite } from "../../auth/access.tsx";
import { formatDate } from "../../lib/format.ts";
import { cn } from "../../lib/utils.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { CustomerStatementButton } from "../ledger/customer-statement.tsx";
import { HistoryButton } from "../history/history-button.tsx";

interface PartyCardProps {
  party: {
    name: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    gstNumber: string | null;
    createdAt: string;
    /** A customer's: the state its invoices are placed in, where goods go, and whether it is in an SEZ. */
    stateCode?: string | null;
    shippingAddress?: string | null;
    isSez?: boolean;
  };
  /** 'Joined' for customers, 'Added' for vendors. */
  dateLabel: string;
  /** Extra lines under the contact details (a customer's credit limit). */
  extra?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  /** Issue 10: hides the party from the pickers (its documents keep it). */
  onArchive?: () => void;
  /** Ringed and scrolled into view: the card a search result pointed at. */
  highlighted?: boolean;
  /** Issue 10: a customer's card offers their statement of account (ledger). */
  statementFor?: { id: string; name: string };
  /** Issue 11: the party's history (a read, so shown to everyone who sees the card). */
  historyOf?: { kind: "customer" | "vendor"; id: string };
}

function Detail({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2.5 text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground/70" />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** "29-Karnataka"; a code the list does not know is shown as it is rather than failing the card. */
function stateLabelOf(code: string): string {
  try {
    return placeOfSupplyLabel(code);
  } catch {
    return code;
  }
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return `${words[0]?.charAt(0) ?? ""}${words[1]?.charAt(0) ?? ""}`.toUpperCase();
}

/** A customer or vendor as a card: who they are, how to reach them, and edit/delete. */
export function PartyCard({ party, dateLabel, extra, onEdit, onDelete, onArchive, highlighted = false, statementFor, historyOf }: PartyCardProps) {
  const cardRef = useRef<HTMLDivElement>(null);
  // Issue 11: an auditor reads the card; editing, archiving and deleting are not offered.
  const canWrite = useCanWrite();
  useEffect(() => {
    if (highlighted) cardRef.current?.scrollIntoView({ block: "center" });
  }, [highlighted]);

  return (
    <Card role="article" aria-label={party.name} ref={cardRef} className={cn("flex flex-col p-5 transition-shadow hover:shadow-md", highlighted && "ring-2 ring-primary/50")}>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-sm font-semibold text-accent-foreground">
          {initialsOf(party.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h3 title={party.name} className="line-clamp-2 text-base leading-snug font-semibold break-words text-foreground">
            {party.name}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1">
            {party.gstNumber ? (
              <Badge variant="soft" className="font-mono tracking-tight">
                {party.gstNumber}
              </Badge>
            ) : (
              <Badge variant="outline" className="text-muted-foreground">
                No GST Number
              </Badge>
            )}
            {party.isSez && <Badge variant="secondary">SEZ</Badge>}
          </div>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          {historyOf && <HistoryButton kind={historyOf.kind} id={historyOf.id} name={party.name} />}
          {canWrite && (
            <Button variant="ghost" size="icon" aria-label={`Edit ${party.name}`} onClick={onEdit}>
              <Pencil />
            </Button>
          )}
          {canWrite && onArchive && (
            <Button variant="ghost" size="icon" aria-label={`Archive ${party.name}`} title="Archive: hide when picking" onClick={onArchive}>
              <Archive />
            </Button>
          )}
          {canWrite && (
            <Button variant="ghost" size="icon" aria-label={`Delete ${party.name}`} onClick={onDelete} className="hover:bg-red-50 hover:text-destructive">
              <Trash />
            </Button>
          )}
        </div>
      </div>
      <ul className="mt-4 grid flex-1 gap-2">
        {party.email && <Detail icon={Mail}>{party.email}</Detail>}
        {party.phone && <Detail icon={Phone}>{party.phone}</Detail>}
        {party.address && <Detail icon={MapPin}>{party.address}</Detail>}
        {party.stateCode && (
          <Detail icon={Landmark}>
            <span className="sr-only">State: </span>
            {stateLabelOf(party.stateCode)}
          </Detail>
        )}
        {party.shippingAddress && (
          <Detail icon={Truck}>
            <span className="text-muted-foreground/80">Ships to: </span>
            {party.shippingAddress}
          </Detail>
        )}
        {extra}
      </ul>
      <p className="mt-4 flex items-center gap-2 border-t pt-3 text-xs text-muted-foreground">
        <Calendar aria-hidden="true" className="size-3.5" />
        {dateLabel} {formatDate(party.createdAt)}
        {statementFor && (
          <span className="ml-auto">
            <CustomerStatementButton customer={statementFor} />
          </span>
        )}
      </p>
    </Card>
  );
}

export function PartyCardSkeletons() {
  return (
    <div aria-busy="true" aria-label="Loading" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((key) => (
        <Card key={key} className="p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-xl" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <div className="mt-5 grid gap-2.5">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3.5 w-2/3" />
          </div>
        </Card>
      ))}
    </div>
  );
}
