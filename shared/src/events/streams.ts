/** Stream names, in one place so the write side and the auditors agree on them. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  emailReservation: (normalisedEmail: string) => `email-${normalisedEmail}`,
  customer: (customerId: string) => `customer-${customerId}`,
  vendor: (vendorId: string) => `vendor-${vendorId}`,
};
