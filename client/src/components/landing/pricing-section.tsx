import { Check } from "lucide-react";
import { Link } from "wouter";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";

/** SPEC §9 "Plans (per month, rupees)". */
const PLANS = [
  {
    name: "Free",
    price: "₹0",
    blurb: "For getting started",
    features: ["Up to 10 invoices per month", "Basic inventory", "Customer management"],
    cta: { label: "Get Started", href: "/register" },
    featured: false,
  },
  {
    name: "Professional",
    price: "₹999",
    blurb: "For growing businesses",
    features: ["Unlimited invoices", "Advanced inventory", "Financial reports", "Priority support"],
    cta: { label: "Choose Professional", href: "/register" },
    featured: true,
  },
  {
    name: "Enterprise",
    price: "₹2999",
    blurb: "For teams and multiple branches",
    features: ["Multi-user access", "Advanced analytics", "API integration", "24/7 support"],
    cta: { label: "Contact Sales", href: "/contact" },
    featured: false,
  },
];

export function PricingSection() {
  return (
    <section id="pricing" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-indigo-600">Pricing</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Simple, transparent pricing</h2>
          <p className="mt-4 text-lg text-slate-600">Start free and upgrade at any time for unlimited invoices and advanced features.</p>
        </div>
        <div className="mx-auto mt-14 grid max-w-5xl gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <article
              key={plan.name}
              className={cn(
                "relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm",
                plan.featured ? "border-indigo-500 shadow-xl shadow-indigo-900/10 ring-1 ring-indigo-500" : "border-slate-200",
              )}
            >
              {plan.featured && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">Most Popular</span>
              )}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-sm text-slate-500">{plan.blurb}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
                <span className="text-sm text-slate-500">/month</span>
              </p>
              <ul className="mt-6 grid flex-1 gap-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2.5 text-sm text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button asChild variant={plan.featured ? "default" : "outline"} className="mt-8 w-full">
                <Link href={plan.cta.href}>{plan.cta.label}</Link>
              </Button>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
