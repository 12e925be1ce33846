export * from "./catalogue.ts";
export * from "./streams.ts";
export * from "./views.ts";
export * from "./expenseView.ts";
export * from "./salesNoteView.ts";
export * from "./challanView.ts";
export * from "./paymentView.ts";
