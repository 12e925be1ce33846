import { ArrowRight, CircleCheck, HandCoins, Languages, Play, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { FeaturesSection } from "../components/landing/features-section.tsx";
import { InvoicePreview } from "../components/landing/invoice-preview.tsx";
import { LandingFooter } from "../components/landing/landing-footer.tsx";
import { LandingHeader } from "../components/landing/landing-header.tsx";
import { PricingSection } from "../components/landing/pricing-section.tsx";
import { Button } from "../components/ui/button.tsx";

const ABOUT_POINTS = [
  {
    icon: ShieldCheck,
    title: "Made for GST",
    text: "CGST, SGST and IGST split by place of supply; GSTIN checks; returns and e-way bills in the same app.",
  },
  {
    icon: Languages,
    title: "No jargon",
    text: "Designed for shop owners, traders and service providers, not accountants.",
  },
  {
    icon: HandCoins,
    title: "Free to start",
    text: "Ten invoices a month at no cost. Upgrade only when your business needs more.",
  },
];

function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-gradient-to-b from-indigo-50 via-white to-white" />
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 right-0 size-[36rem] rounded-full bg-violet-200/40 blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-14 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <span className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white px-3 py-1 text-xs font-medium text-indigo-700 shadow-sm">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            GST-ready invoicing for India
          </span>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            Smart invoicing for <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">small businesses</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
            Create GST-compliant invoices, manage inventory, customers and expenses, and see how your business is doing, without an accounting background.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/register">
                Start Free Trial
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#features">
                <Play aria-hidden="true" />
                Watch Demo
              </a>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-500">Free plan: up to 10 invoices per month. No credit card required.</p>
        </div>
        <InvoicePreview />
      </div>
    </section>
  );
}

function About() {
  return (
    <section id="about" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold text-indigo-600">About Bahi</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Your business ledger, made digital</h2>
          <p className="mt-4 text-slate-600">
            A bahi is the traditional Indian account book. Bahi keeps its spirit (simple, trustworthy, always up to date) and adds what the GST era needs.
          </p>
        </div>
        <div className="grid gap-6 sm:grid-cols-3">
          {ABOUT_POINTS.map(({ icon: Icon, title, text }) => (
            <div key={title}>
              <Icon aria-hidden="true" className="size-6 text-indigo-600" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <section className="px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-8 py-14 text-center shadow-2xl shadow-indigo-900/20">
        <div aria-hidden="true" className="pointer-events-none absolute -top-20 -left-20 size-72 rounded-full bg-white/10 blur-2xl" />
        <h2 className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">Ready to Get Started?</h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-indigo-100">Set up your business in minutes and send your first GST invoice today.</p>
        <Button asChild size="lg" variant="secondary" className="relative mt-8 bg-white text-indigo-700 hover:bg-indigo-50">
          <Link href="/register">
            Create Your Free Account
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

export function LandingPage() {
  return (
    <div className="min-h-screen bg-white">
      <LandingHeader />
      <main>
        <Hero />
        <FeaturesSection />
        <PricingSection />
        <About />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
