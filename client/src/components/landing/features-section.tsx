import { ChartColumn, FileText, Package, Receipt, ShieldCheck, Users } from "lucide-react";

const FEATURES = [
  {
    icon: FileText,
    title: "GST-Compliant Invoicing",
    text: "Professional invoices with automated GST calculations and customizable templates.",
    tint: "bg-indigo-100 text-indigo-600",
  },
  {
    icon: Package,
    title: "Inventory Management",
    text: "Track stock as you sell and get low-stock alerts before you run out.",
    tint: "bg-emerald-100 text-emerald-600",
  },
  {
    icon: Users,
    title: "Customer Management",
    text: "Contact details, credit limits and transaction history for every customer.",
    tint: "bg-sky-100 text-sky-600",
  },
  {
    icon: ChartColumn,
    title: "Financial Reports",
    text: "Profit and loss, sales summaries and analytics that explain your business.",
    tint: "bg-violet-100 text-violet-600",
  },
  {
    icon: Receipt,
    title: "Expense Tracking",
    text: "Record expenses with their GST so you claim every rupee of input tax credit.",
    tint: "bg-amber-100 text-amber-600",
  },
  {
    icon: ShieldCheck,
    title: "GST Compliance",
    text: "GSTR-1 and GSTR-3B filing, e-invoices and e-way bills from one place.",
    tint: "bg-rose-100 text-rose-600",
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-indigo-600">Features</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Everything you need to run your business</h2>
          <p className="mt-4 text-lg text-slate-600">Built for small business owners with no accounting background. Amounts in rupees, tax as GST has it.</p>
        </div>
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text, tint }) => (
            <article
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-lg hover:shadow-indigo-900/5"
            >
              <span className={`inline-flex size-11 items-center justify-center rounded-xl ${tint}`}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
