import { Truck } from "lucide-react";
import { useEwayBills } from "../../api/gst.ts";
import { EmptyState, ErrorState } from "../list-states.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";

/** The E-Way Bill tab: bills with their document, status and route (SPEC §2); active ones are in transit. */
export function EwayBills() {
  const bills = useEwayBills();
  const list = bills.data ?? [];

  if (bills.isError) return <ErrorState title="Could not load your e-way bills" error={bills.error} onRetry={() => void bills.refetch()} />;
  if (!bills.isPending && list.length === 0) {
    return (
      <EmptyState
        icon={Truck}
        title="No e-way bills yet"
        text="An e-way bill is needed before moving goods worth more than ₹50,000. Generating one needs credentials from a GST Suvidha Provider, which Bahi does not have yet."
      />
    );
  }
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>E-Way Bills</CardTitle>
        <CardDescription>Active bills are goods in transit</CardDescription>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        {bills.isPending ? (
          <div aria-busy="true" aria-label="Loading" className="grid gap-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Bill No.</TableHead>
                <TableHead>Document No.</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>From</TableHead>
                <TableHead>To</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((bill) => (
                <TableRow key={bill.id}>
                  <TableCell className="font-mono text-xs">{bill.eWayBillNo ?? "—"}</TableCell>
                  <TableCell className="font-medium">{bill.documentNumber}</TableCell>
                  <TableCell>
                    <Badge variant={bill.status === "active" ? "success" : "secondary"} className="capitalize">
                      {bill.status === "active" ? "In transit" : bill.status}
                    </Badge>
                  </TableCell>
                  <TableCell className="max-w-64 whitespace-normal">{bill.shipFromAddress ?? "—"}</TableCell>
                  <TableCell className="max-w-64 whitespace-normal">{bill.shipToAddress ?? "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
