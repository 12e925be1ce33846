import { Link } from "wouter";
import { Brand } from "../brand.tsx";

export function LandingFooter() {
  return (
    <footer className="bg-slate-950 text-slate-400">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Brand tagline inverted />
          <p className="mt-4 max-w-sm text-sm leading-relaxed">GST invoicing, inventory, expenses and reports for Indian small businesses, in plain language.</p>
        </div>
        <nav aria-label="Product">
          <p className="text-sm font-semibold text-white">Product</p>
          <ul className="mt-4 grid gap-2.5 text-sm">
            <li>
              <a href="#features" className="hover:text-white">
                Features
              </a>
            </li>
            <li>
              <a href="#pricing" className="hover:text-white">
                Pricing
              </a>
            </li>
            <li>
              <Link href="/dashboard" className="hover:text-white">
                Demo
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <p className="text-sm font-semibold text-white">Support</p>
          <ul className="mt-4 grid gap-2.5 text-sm">
            <li>
              <Link href="/contact" className="hover:text-white">
                Help Center
              </Link>
            </li>
            <li>
              <Link href="/contact" className="hover:text-white">
                Contact Us
              </Link>
            </li>
            <li>
              <Link href="/privacy" className="hover:text-white">
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs sm:px-6 lg:px-8">© {new Date().getFullYear()} Bahi. Made for India's small businesses.</p>
      </div>
    </footer>
  );
}
