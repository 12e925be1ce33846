import type { Vendor, VendorInput } from "@bahi/shared/contract";
import { collectionHooks } from "./resource.ts";

const vendors = collectionHooks<Vendor, VendorInput>("/api/vendors");

export const useVendors = vendors.useList;
export const useCreateVendor = vendors.useCreate;
export const useUpdateVendor = vendors.useUpdate;
export const useDeleteVendor = vendors.useDelete;
