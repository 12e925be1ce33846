import type { Customer, CustomerInput } from "@bahi/shared/contract";
import { collectionHooks } from "./resource.ts";

const customers = collectionHooks<Customer, CustomerInput>("/api/customers");

export const useCustomers = customers.useList;
export const useCreateCustomer = customers.useCreate;
export const useUpdateCustomer = customers.useUpdate;
export const useDeleteCustomer = customers.useDelete;
