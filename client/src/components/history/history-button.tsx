import { History } from "lucide-react";
import { useState } from "react";
import type { HistoryKind } from "@bahi/shared/contract";
import { RowAction } from "../row-action.tsx";
import { HistoryDialog } from "./history-dialog.tsx";

/**
 * Issue 11: a row's "History" icon button that opens the record's history. It keeps its own
 * open state, so a list adds it with one line. `name` names the row ("INV/26-27/0001").
 */
export function HistoryButton({ kind, id, name }: { kind: HistoryKind; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowAction tip="History" label={`History of ${name}`} icon={History} onClick={() => setOpen(true)} />
      {open && <HistoryDialog kind={kind} id={id} title={name} onClose={() => setOpen(false)} />}
    </>
  );
}
