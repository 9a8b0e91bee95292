import { PAGE_SIZES } from '@manzil/shared';
import { searchQuery } from '../search/api/search';

/** The home page's latest listings (spec §2 "Home page"), never one sold or rented; the server puts them into the page's HTML. */
export const latestListingsQuery = searchQuery({ skip: 0, limit: PAGE_SIZES.home, sort: 'newest', availability: 'available' });
