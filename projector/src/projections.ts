import { dashboardProjection } from "./dashboard/dashboardProjection.ts";
import { expensesProjection } from "./expenses/expensesProjection.ts";
import { ewayBillsProjection } from "./gst/ewayBillsProjection.ts";
import { gstReturnsProjection } from "./gst/gstReturnsProjection.ts";
import { reconciliationsProjection } from "./gst/reconciliationsProjection.ts";
import { invoicesProjection } from "./invoices/invoicesProjection.ts";
import { paymentsProjection } from "./invoices/paymentsProjection.ts";
import { voidedNumbersProjection } from "./invoices/voidedNumbersProjection.ts";
import { salesNotesProjection } from "./notes/salesNotesProjection.ts";
import { deliveryChallansProjection } from "./challans/deliveryChallansProjection.ts";
import { customersProjection } from "./parties/customersProjection.ts";
import { vendorsProjection } from "./parties/vendorsProjection.ts";
import { productsProjection } from "./products/productsProjection.ts";
import { processesProjection } from "./processes/processesProjection.ts";
import type { AnyProjection } from "./projection.ts";
import { usersProjection } from "./users/usersProjection.ts";
import { shareLinksProjection } from "./share/shareLinksProjection.ts";
import { advancesProjection } from "./advances/advancesProjection.ts";
import { membershipsProjection, teamsProjection } from "./team/teamsProjection.ts";

/** Every read model the projector keeps. */
export const allProjections: readonly AnyProjection[] = [
  usersProjection,
  customersProjection,
  vendorsProjection,
  productsProjection,
  invoicesProjection,
  expensesProjection,
  dashboardProjection,
  gstReturnsProjection,
  reconciliationsProjection,
  ewayBillsProjection,
  processesProjection,
  voidedNumbersProjection,
  salesNotesProjection,
  deliveryChallansProjection,
  shareLinksProjection,
  advancesProjection,
  paymentsProjection,
  teamsProjection,
  membershipsProjection,
];
