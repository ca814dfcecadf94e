/**
 * Stable error codes with their English messages. The server sends `{error, code, details}`;
 * the web app shows the translated message for `code` (key `errors.<CODE>` in every locale).
 * Messages quoted from the seed are kept verbatim.
 */
export const ERROR_MESSAGES = {
  // Request shape
  VALIDATION_FAILED: 'Some fields are missing or invalid.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  BODY_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',

  // Registration (seed section 5, verbatim)
  REQUIRED_FIELDS_MISSING: 'Please fill in all required fields',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  PASSWORD_TOO_SHORT: 'Password must be at least 6 characters long',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters long',
  ORGANIZATION_REQUIRED: 'Organization name is required for this role',
  EMAIL_INVALID: 'Please enter a valid email address',
  EMAIL_TAKEN: 'An account with this email already exists',
  ROLE_NOT_REGISTRABLE: 'This role cannot be chosen at sign-up',
  COORDINATES_INVALID: 'Location must be a valid latitude and longitude',
  PHONE_INVALID: 'Please enter a valid phone number',
  NOTHING_TO_UPDATE: 'Nothing to update.',

  // Text fields
  TEXT_TOO_LONG: 'This text is too long.',
  TEXT_INVALID_CHARACTERS: 'This text contains characters that are not allowed.',
  TEXT_MARKUP_NOT_ALLOWED: 'Please use plain text without HTML tags.',
  UNKNOWN_FIELD: 'This field is not accepted here.',
  INVALID_VALUE: 'This value is not valid.',

  // Sign-in and sessions (seed section 8, verbatim where quoted)
  INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
  ROLE_NOT_ALLOWED: 'You are not authorized to log in here.',
  ACCOUNT_SUSPENDED: 'This account has been suspended. Please contact the platform team.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have permission to do this.',
  CSRF_INVALID: 'Your session could not be verified. Please reload the page and try again.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  TOO_MANY_LOGIN_ATTEMPTS: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  PASSWORD_INCORRECT: 'The password is not correct.',
  UPLOAD_NOT_IMAGE: 'Please choose a photo (JPEG, PNG or WebP).',
  FILE_TOO_LARGE: 'This photo is too large. Please choose one under 10 MB.',
  PHOTO_INVALID: 'This photo cannot be attached.',
  PUSH_ENDPOINT_TAKEN:
    'This browser already receives notifications for another account. Turn them off there first.',
  MALFORMED_MULTIPART: 'The upload could not be read. Please choose the photo again.',
  RESET_TOKEN_INVALID:
    'This password reset link is invalid or has expired. Please ask for a new one.',

  // Sign-in by phone and one-time code
  OTP_INVALID: 'This code is not correct or has expired. Check it, or ask for a new code.',
  OTP_LOCKED: 'Too many wrong codes. Please ask for a new code.',
  OTP_RATE_LIMITED: 'Too many codes were asked for. Please wait a while before asking again.',
  SMS_UNAVAILABLE:
    'Text messages cannot be sent right now. Please sign in with your email and password.',
  PHONE_TAKEN: 'This number is already verified on another account.',

  // Workflow (seed section 8, verbatim)
  DONATION_UNAVAILABLE: 'This donation is no longer available for pickup.',
  GRAB_FAILED: 'Failed to grab the request.',
  DONATION_GONE: 'This donation is no longer available or has been deleted by the donor.',
  REQUEST_INFO_MISSING: 'Internal error: Request information is missing.',
  LOGIN_REQUIRED_TO_COLLECT: 'You must be logged in to collect donations',
  VOLUNTEER_LOGIN_REQUIRED: 'You must be logged in as a volunteer to accept requests',
  INVALID_TRANSITION: 'This action is not possible in the current state.',
  ALREADY_REQUESTED: 'You have already requested this donation.',
  OWN_DONATION: 'You cannot request your own donation.',
  DONATION_EXPIRED: 'This donation has expired.',
  DONATION_NOT_DELETABLE: 'This donation has already been collected and can no longer be deleted.',

  // Donation form (seed section 5)
  QUANTITY_INVALID: 'Quantity must be a number of at least 1.',
  QUANTITY_NOT_WHOLE: 'Meals and packs are counted in whole numbers.',
  QUANTITY_UNLIKELY:
    'That is more than twice the amount expected (posted, or picked up). Please check the amount.',
  EXPIRY_HOURS_INVALID: 'Expiry must be a whole number of hours between 1 and 72.',
  PREP_DATE_INVALID: 'Please enter a valid preparation date.',
  PREP_TIME_INVALID: 'Please enter a valid preparation time (HH:MM).',

  // Food safety (FSSAI)
  HOLDING_REQUIRED: 'Please say how the food is kept.',
  USE_BY_REQUIRED: 'Please enter the use-by date and time printed on the pack.',
  USE_BY_NOT_ALLOWED: 'A use-by date is given only for sealed packaged food.',
  USE_BY_PAST: 'This use-by time has already passed; the food cannot be offered for people.',
  FOOD_PAST_SAFE_BY:
    'This food is past its safe-for-people time. It can still be collected as not fit for people, for a nursery or poultry farm.',
  FSSAI_NUMBER_INVALID: 'An FSSAI licence or registration number has exactly 14 digits.',
  FSSAI_NUMBER_MISSING: 'This account has no FSSAI number to verify.',
  FSSAI_NOT_FOR_ROLE: 'Only food businesses and food banks record an FSSAI number.',

  // The handover record and the register of food received
  HANDOVER_NOT_YET:
    'There is no handover record yet: the food has not been collected or delivered.',
  ARRIVAL_CONDITION_ALREADY_RECORDED:
    'The condition of this food on arrival is already recorded. It cannot be changed.',
  PERIOD_DATE_INVALID: 'Please enter a valid date (YYYY-MM-DD).',
  PERIOD_INVALID: 'The period must end on or after its first day and cover at most 366 days.',

  // Destinations and collection (seed sections 4 and 5)
  DESTINATION_REQUIRED: 'Please choose a destination.',
  DESTINATION_NOT_ALLOWED: 'A destination is chosen here only for self delivery.',
  DESTINATION_ROLE_MISMATCH: 'The chosen destination does not match the destination type.',
  QUALITY_REQUIRED: 'Please record the quality of the food.',
  QUALITY_DESTINATION_MISMATCH:
    'Good food goes to a food bank; food not fit for people goes to a nursery or poultry farm.',

  // Lists and search
  RADIUS_INVALID: 'The search radius must be more than 0 and at most 100 km.',
  CURSOR_INVALID: 'This page link is no longer valid. Please reload the list.',

  // Chat (seed section 8, verbatim where quoted)
  CHAT_MESSAGE_EMPTY: 'Please type a message.',
  CHAT_UNKNOWN_ERROR: 'An unknown API error occurred.',
  CHAT_CONNECTION_FAILED: "Could not connect to the API server. Please ensure it's running.",

  // Repeated requests (Idempotency-Key header)
  IDEMPOTENCY_KEY_INVALID:
    'The Idempotency-Key header must be 1 to 200 letters, digits or the characters . _ : -',
  IDEMPOTENCY_KEY_REUSED:
    'This request key was already used for a different request. Nothing was changed.',
  IDEMPOTENCY_KEY_IN_PROGRESS:
    'The same request is still being processed. Please try again in a moment.',

  // Recurring donations
  TIME_ZONE_INVALID: 'Please choose a valid time zone.',
  SERIES_TIME_INVALID: 'Please enter a valid time of day (HH:MM).',
  SERIES_WEEKDAYS_REQUIRED: 'Please choose at least one day of the week.',
  SERIES_RULE_INVALID:
    'This repeat rule is not valid. Use iCalendar RRULE parts such as FREQ=WEEKLY;BYDAY=MO,WE.',
  SERIES_RULE_TOO_FREQUENT: 'A recurring donation can repeat at most once a day.',
  SERIES_NO_OCCURRENCES: 'This schedule never occurs. Please check the days and dates.',
  SERIES_END_BEFORE_START: 'The end date must be on or after the start date.',
  SERIES_ENDED: 'This recurring donation has ended and can no longer be changed.',
  SERIES_OCCURRENCE_INVALID: 'There is no upcoming occurrence at this time to skip.',

  // Volunteer availability
  AVAILABILITY_HOURS_INVALID: 'Please enter valid hours: the end must be after the start.',
  PICKUP_CAP_REACHED:
    'You have reached the number of pickups you set for today. Change it in your profile to take more.',

  // The food hygiene course (decision 0067)
  HYGIENE_TRAINING_REQUIRED:
    'Pass the food hygiene course before you pick up food. It takes about ten minutes.',
  HYGIENE_ANSWER_MISSING: 'Please answer every question.',

  // Notification preferences and coverage
  QUIET_HOURS_INVALID: 'Please enter valid quiet hours (HH:MM); start and end must differ.',
  EXPIRY_EXTENSION_INVALID:
    'Please add between 1 and 24 hours; food can be offered for at most 72 hours after it was posted.',

  // Feedback after a fulfilled match
  FEEDBACK_STARS_INVALID: 'Please choose from 1 to 5 stars.',
  FEEDBACK_TAG_UNKNOWN: 'One of the chosen quick tags is not available here.',
  FEEDBACK_NOT_YET: 'You can rate once the food has been delivered.',
  FEEDBACK_ALREADY_GIVEN: 'You have already rated this. A rating cannot be changed.',

  // The conversation of a pickup
  THREAD_MESSAGE_INVALID: 'Please choose a quick message or type a message.',
  THREAD_NOT_OPEN:
    'Messages can be sent once the pickup is matched, and until a week after it ends.',

  // Server side
  INTERNAL_ERROR: 'Something went wrong on our side. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  SERVICE_BUSY: 'The server is busy right now. Please try again in a few seconds.',
  STORAGE_UNAVAILABLE:
    'The server cannot save anything right now (its storage is full or read-only). Nothing was changed.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** HTTP status that goes with each code (codes not listed here are 400). */
export const ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  FILE_TOO_LARGE: 413,
  PASSWORD_INCORRECT: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  EMAIL_TAKEN: 409,
  PUSH_ENDPOINT_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  ROLE_NOT_ALLOWED: 403,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  RATE_LIMITED: 429,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  OTP_LOCKED: 429,
  OTP_RATE_LIMITED: 429,
  SMS_UNAVAILABLE: 503,
  PHONE_TAKEN: 409,
  DONATION_UNAVAILABLE: 409,
  GRAB_FAILED: 409,
  DONATION_GONE: 404,
  LOGIN_REQUIRED_TO_COLLECT: 401,
  VOLUNTEER_LOGIN_REQUIRED: 401,
  INVALID_TRANSITION: 409,
  ALREADY_REQUESTED: 409,
  DONATION_EXPIRED: 409,
  DONATION_NOT_DELETABLE: 409,
  FOOD_PAST_SAFE_BY: 409,
  HANDOVER_NOT_YET: 409,
  ARRIVAL_CONDITION_ALREADY_RECORDED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  SERIES_ENDED: 409,
  PICKUP_CAP_REACHED: 409,
  HYGIENE_TRAINING_REQUIRED: 403,
  FEEDBACK_NOT_YET: 409,
  FEEDBACK_ALREADY_GIVEN: 409,
  THREAD_NOT_OPEN: 409,
  CHAT_UNKNOWN_ERROR: 502,
  CHAT_CONNECTION_FAILED: 503,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  SERVICE_BUSY: 503,
  STORAGE_UNAVAILABLE: 503,
};

/** Maps a code to its HTTP status so every layer answers the same way. */
export function statusForCode(code: ErrorCode): number {
  return ERROR_STATUS[code] ?? 400;
}

/** One problem with one field of an input. `code` is an ErrorCode when we know it. */
export interface FieldIssue {
  field: string;
  code: string;
  message: string;
}

/** The body of every error response. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: FieldIssue[];
}

/** Narrows a schema issue message to an ErrorCode (issue messages are codes, see common.ts). */
export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, value);
}

/**
 * The one error the domain rules throw: a stable code plus its English message. The server's
 * error handler maps it to `{error, code, details}` with `statusForCode(code)`.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: ErrorCode;
  readonly details: FieldIssue[] | undefined;

  constructor(code: ErrorCode, message: string = ERROR_MESSAGES[code], details?: FieldIssue[]) {
    super(message);
    this.code = code;
    this.details = details;
  }

  /** HTTP status for this error's code. */
  get status(): number {
    return statusForCode(this.code);
  }
}

/** Type guard for callers that catch unknown errors (error handler, web api client). */
export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
