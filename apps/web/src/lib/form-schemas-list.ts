// Loaded on demand by form-schemas.ts: the only module of the app that imports input schemas at
// run time, so zod stays out of every page's first download.
export {
  availabilityInputSchema,
  collectDonationInputSchema,
  collectFormInputSchema,
  createDonationInputSchema,
  donationFormInputSchema,
  emailSchema,
  loginInputSchema,
  registerInputSchema,
  seriesScheduleSchema,
  seriesTemplateSchema,
  updateProfileInputSchema,
} from '@annasetu/domain';
