import { zodResolver } from '@hookform/resolvers/zod';
import { listingContactBody } from '@manzil/shared';

/** The owner contact form's checks (the server's own schema), loaded on the form's first use (ContactOwnerForm). */
export const listingContactResolver = zodResolver(listingContactBody);
