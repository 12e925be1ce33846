import { Clock, LifeBuoy } from "lucide-react";
import { StaticPage } from "../components/static-page.tsx";
import { Card } from "../components/ui/card.tsx";

export function ContactPage() {
  return (
    <StaticPage title="Contact Us">
      <p>Questions about GST, your plan or your account? We are happy to help.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="p-5">
          <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
          <p className="mt-3 font-semibold text-foreground">Support and sales</p>
          <p className="mt-1 text-sm text-muted-foreground">Signed in? Tell us what you need from any screen and mention your registered email address.</p>
        </Card>
        <Card className="p-5">
          <Clock aria-hidden="true" className="size-5 text-primary" />
          <p className="mt-3 font-semibold text-foreground">Hours</p>
          <p className="mt-1 text-sm text-muted-foreground">Monday to Saturday, 9:30 am to 6:30 pm IST.</p>
        </Card>
      </div>
    </StaticPage>
  );
}
