import type { LucideIcon } from "lucide-react";
import { Construction } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "./page-header.tsx";
import { Button } from "./ui/button.tsx";
import { Card } from "./ui/card.tsx";

interface ComingSoonProps {
  title: string;
  description: string;
  icon: LucideIcon;
  /** What the finished screen will let the user do. */
  plans: readonly string[];
}

/** A section of the app that a later release fills in. */
export function ComingSoon({ title, description, icon: Icon, plans }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card className="overflow-hidden">
        <div className="flex flex-col items-center px-6 py-16 text-center">
          <span className="relative flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <Icon aria-hidden="true" className="size-7" />
            <span className="absolute -right-2 -bottom-2 flex size-7 items-center justify-center rounded-full border-2 border-card bg-amber-100 text-amber-700">
              <Construction aria-hidden="true" className="size-3.5" />
            </span>
          </span>
          <h2 className="mt-6 text-xl font-semibold">Coming soon</h2>
          <p className="mt-2 max-w-md text-sm text-muted-foreground">
            We are building {title} into Bahi. Here is what it will do:
          </p>
          <ul className="mt-5 grid max-w-md gap-2 text-left text-sm text-foreground/80">
            {plans.map((plan) => (
              <li key={plan} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                {plan}
              </li>
            ))}
          </ul>
          <Button asChild variant="outline" className="mt-8">
            <Link href="/dashboard">Back to Dashboard</Link>
          </Button>
        </div>
      </Card>
    </>
  );
}
