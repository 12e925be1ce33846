import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Brand } from "./brand.tsx";

const HIGHLIGHTS = [
  "GST-compliant invoices with CGST, SGST and IGST worked out for you",
  "Customers, vendors, stock and expenses in one place",
  "Reports and GST returns without an accounting background",
];

/** The frame of the sign-in and registration screens: a brand panel beside the form. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-screen bg-background lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl" />
        <Brand tagline inverted />
        <div className="relative">
          <p className="text-3xl leading-tight font-semibold tracking-tight">Invoicing and GST, done right for Indian small businesses.</p>
          <ul className="mt-8 grid gap-4">
            {HIGHLIGHTS.map((text) => (
              <li key={text} className="flex gap-3 text-indigo-50">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-300" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-indigo-100/80">Amounts in ₹, taxes as the GST law has them.</p>
      </aside>
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <div className="mb-8 lg:hidden">
            <Brand tagline />
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
