/**
 * Every user-facing message of spec §5 and §8, word for word in English. The server sends these texts as
 * `detail`; the web app translates them by key (locale files `errors.<key>`), so both languages stay in step.
 */
export const MESSAGES = {
  // §5 validation
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  phoneRequired: 'Phone number is required for registration',
  phoneInvalid: 'Please enter a valid phone number',
  emailInvalid: 'Please enter a valid email address',
  fullNameTooShort: 'Full name must be at least 2 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  noChanges: 'No changes detected',
  nameRequired: 'Name is required',
  messageRequired: 'Message is required',
  emailOrPhoneRequired: 'Either email or phone number is required',
  fullNameRequired: 'Full name is required',
  messageTooShort: 'Message must be at least 10 characters long',
  ownListing: 'This is your property listing',
  deleteConfirm: 'Are you sure you want to delete this property?',
  deleteLoginRequired: 'You must be logged in to delete properties',
  deleteListingLoginRequired: 'You must be logged in to delete a listing',
  rejectConfirm: 'Are you sure you want to reject this listing?',
  // §8 by status
  authRequired: 'Authentication required. Please log in.',
  notAuthorized: 'You are not authorized to perform this action.',
  notFound: 'Resource not found.',
  validationError: 'Validation error.',
  badRequest: 'Invalid request data. Please check your input.',
  validationErrorCheck: 'Validation error. Please check your input.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Server error. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again later.',
  networkError: 'Network error: Unable to connect to the server. Please check your internet connection.',
  networkErrorRetry: 'Network error occurred. Please check your connection and try again.',
  contactNetworkError: 'Network error. Please check your connection and try again.',
  // account
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  updateProfileFailed: 'Failed to update profile',
  deleteAccountFailed: 'Failed to delete account',
  authRequiredShort: 'Authentication required',
  authRequiredAgain: 'Authentication required. Please log in again.',
  profileUpdated: 'Profile updated successfully!',
  invalidCredentials: 'Incorrect email or password',
  emailTaken: 'An account with this email already exists',
  // Google
  googleNoEmail: 'Unable to get user email from Google',
  googleServerFailed: 'Failed to authenticate with server',
  googleInvalidToken: 'Invalid token format',
  googleLoadFailed: 'Failed to load Google Sign-In. Please check your internet connection.',
  googleNotConfigured: 'Google Sign-In not configured for this domain. Please contact the administrator.',
  googleInitFailed: 'Failed to initialize Google Sign-In.',
  googleNotLoaded: 'Google Sign-In not loaded. Please refresh the page.',
  googleUnavailable: 'Google Sign-In is not available. Please try again later.',
  googleFailed: 'Google Sign-In failed. Please try again.',
  // contact
  sendFailed: 'Failed to send message. Please try again.',
  sendSuccess: 'Thank you for your message! We will get back to you soon.',
  // listings
  loadPropertiesFailed: 'Failed to load properties. Please try again.',
  searchFailed: 'Failed to load properties',
  latestFailed: 'Failed to load latest properties.',
  myPropertiesLogin: 'Please log in to view your properties',
  myPropertiesFailed: 'Failed to load your properties',
  deletePropertyFailed: 'Failed to delete property',
  deleteListingFailed: 'Failed to delete listing. Please try again.',
  listingDeleted: 'Listing deleted successfully!',
  detailsFailed: 'Failed to load property details. Please try again.',
  propertyNotFound: 'Property not found',
  loadPropertyDataFailed: 'Failed to load property data',
  deleteImageFailed: 'Failed to delete image. Please try again.',
  imageDeleted: 'Image deleted successfully!',
  listingUpdated: 'Listing updated successfully!',
  listingUpdatedWithImages: 'Listing updated with images successfully!',
  tooManyImages: 'A listing can have at most 10 images',
  invalidFileType: 'Only JPEG, PNG and WebP images are allowed',
  fileTooLarge: 'Each image must be at most 5 MB',
  imageOrderDuplicate: 'The photo order names a photo more than once',
  imageOrderUnknown: 'The photo order names a photo that is not in this listing',
  imageOrderMissing: 'The photo order leaves out a photo of this listing',
  listingTooManyPolygonPoints: 'The drawn area has too many points',
  // saved searches (issue 27)
  savedSearchNameRequired: 'Give this search a name',
  savedSearchLimit: 'You can keep at most 50 saved searches. Delete one to save another.',
  savedSearchNotFound: 'Saved search not found',
  alertUnsubscribeInvalid: 'This unsubscribe link is not valid',
  // admin
  fetchPendingFailed: 'Failed to fetch pending listings',
  approveFailed: 'Failed to approve listing',
  rejectFailed: 'Failed to reject listing',
  fetchReviewFailed: 'Failed to fetch listing for review',
  fetchAllFailed: 'Failed to fetch all listings',
  statsFailed: 'Failed to fetch dashboard statistics',
  approved: 'Listing approved successfully',
  rejected: 'Listing rejected successfully',
  // account recovery and trust (issue 20)
  currentPasswordRequired: 'Enter your current password to change your email or password',
  currentPasswordWrong: 'Your current password is incorrect',
  setPasswordFirst: 'This account has no password yet. Use "Forgot password?" to set one by email first',
  verifyLinkInvalid: 'This verification link is invalid, already used or expired. Ask for a new one.',
  resetLinkInvalid: 'This password reset link is invalid, already used or expired. Ask for a new one.',
  resetEmailSent: 'If an account exists for that email, we have sent a link to reset its password. Check your inbox.',
  verificationSent: 'We have sent a verification link. Check your inbox.',
  emailVerified: 'Your email address is verified.',
  emailChangePending: 'We have sent a link to your new email address. Your email changes when you follow it.',
  passwordResetDone: 'Your password has been changed. You are now signed in.',
  signedOutEverywhere: 'You have been signed out on every device.',
  accountLocked: 'Too many failed sign-ins on this account. Try again later, or reset your password.',
  rejectReasonRequired: 'Give the owner a reason for the rejection',
  deletePasswordRequired: 'Enter your password to delete your account',
  deleteEmailMismatch: "Type your account's e-mail address to delete it",
  invalidCharacters: 'This field contains characters that are not allowed',
  // reports (issue 28)
  reportReasonRequired: 'Choose why you are reporting this listing',
  alreadyReported: 'You have already reported this listing. Thank you, our team will review it.',
  ownListingReport: 'You cannot report your own listing',
  hideReasonRequired: 'Give the owner a reason for hiding the listing',
  reportAlreadyDecided: 'This report has already been decided',
  reportsFailed: 'Failed to fetch reports',
  // generic
  required: 'This field is required',
  locationQueryTooShort: 'Type at least 2 characters',
} as const;

export type MessageKey = keyof typeof MESSAGES;

const BY_TEXT: Map<string, MessageKey> = new Map(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([k, v]) => [v, k]),
);

/** The catalogue key of an English message, for translation in the browser. */
export function messageKey(text: string): MessageKey | undefined {
  return BY_TEXT.get(text);
}
