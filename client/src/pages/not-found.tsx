import { CircleExclamationPoint } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md p-8">
        <div className="flex items-center gap-3">
          <CircleExclamationPoint aria-hidden="true" className="size-8 text-destructive" />
          <h1 className="text-2xl font-bold text-foreground">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">Back to Homepage</Link>
        </Button>
      </Card>
    </div>
  );
}
