import type { LucideIcon } from "lucide-react";
import { EllipsisVertical } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";

export interface RowMenuItem {
  /** What the item shows ("Download PDF"). */
  text: string;
  /** Its accessible name, naming the row ("Download PDF INV/26-27/0001"). */
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  disabled?: boolean;
  destructive?: boolean;
}

const MENU_WIDTH = 208;

/**
 * A row's less frequent actions behind one "More actions" button (issue 10: the invoice table
 * fits 1280 px with its payment actions in view). The menu is drawn in a portal with fixed
 * position, so a table's horizontal scroller never clips it; arrow keys move between items,
 * Escape closes it and gives the focus back.
 */
export function RowMenu({ label, items }: { label: string; items: readonly RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  // Under the button, or above it when there is no room below; kept inside the window. A scroll
  // or resize moves it with the button (closing it would undo a tap on a phone that scrolls).
  const place = useCallback(() => {
    if (!trigger.current) return;
    const rect = trigger.current.getBoundingClientRect();
    const height = menu.current?.offsetHeight ?? items.length * 36 + 8;
    const below = rect.bottom + 4;
    const above = rect.top - height - 4;
    const top = below + height > window.innerHeight - 8 && above > 8 ? above : Math.max(8, Math.min(below, window.innerHeight - height - 8));
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
    setPosition({ top, left });
  }, [items.length]);

  useLayoutEffect(() => {
    if (open) place();
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>("[role=menuitem]:not([disabled])")?.focus({ preventScroll: true });
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      document.removeEventListener("pointerdown", outside);
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [open, place]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const enabled = [...(menu.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]:not([disabled])") ?? [])];
    const at = enabled.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (index: number) => enabled[(index + enabled.length) % enabled.length]?.focus();
    if (event.key === "ArrowDown") focus(at + 1);
    else if (event.key === "ArrowUp") focus(at - 1);
    else if (event.key === "Home") focus(0);
    else if (event.key === "End") focus(enabled.length - 1);
    else if (event.key === "Escape") {
      setOpen(false);
      trigger.current?.focus();
    } else if (event.key === "Tab") setOpen(false);
    else return;
    event.preventDefault();
  }

  return (
    <>
      <Button ref={trigger} variant="ghost" size="icon" aria-label={label} title="More actions" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        <EllipsisVertical />
      </Button>
      {open &&
        createPortal(
          <div
            ref={menu}
            role="menu"
            aria-label={label}
            onKeyDown={onKeyDown}
            style={{ top: position?.top ?? -9999, left: position?.left ?? -9999, width: MENU_WIDTH }}
            className="fixed z-50 grid rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
          >
            {items.map((item) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                aria-label={item.label}
                disabled={item.disabled}
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
                className={cn(
                  "flex h-9 w-full items-center gap-2.5 rounded-md px-2.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground",
                  item.destructive && "text-destructive hover:bg-red-50 focus-visible:bg-red-50 [&_svg]:text-destructive",
                )}
              >
                <item.icon aria-hidden="true" />
                {item.text}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
