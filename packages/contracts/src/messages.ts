import { SetupTexts } from './setup-texts';

/**
 * The exact texts the spec's screens match on (user-app §8, admin §8), with the stable codes
 * clients should match first. Servers answer `{ detail: Messages.X, code: Codes.X }`.
 */
export const Codes = {
  VALIDATION: 'VALIDATION_ERROR',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INTERNAL: 'INTERNAL_ERROR',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  INCORRECT_PASSWORD: 'INCORRECT_PASSWORD',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  EMAIL_EXISTS: 'EMAIL_ALREADY_EXISTS',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  INVALID_ROLE: 'INVALID_ROLE',
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  SETUP_CLOSED: 'SETUP_ALREADY_DONE',
  SETUP_TOKEN_REQUIRED: 'SETUP_TOKEN_REQUIRED',
  /** POST /auth/setup-admin: a setup token was sent but it is not the configured SETUP_TOKEN. */
  SETUP_TOKEN_INVALID: 'SETUP_TOKEN_INVALID',
  GOOGLE_NOT_CONFIGURED: 'GOOGLE_NOT_CONFIGURED',
  GOOGLE_FAILED: 'GOOGLE_LOGIN_FAILED',
  NO_CREDITS: 'INSUFFICIENT_CREDITS',
  /** rpc.billing.consume_credit: the member's school pool has no credit left (no fall-back to personal credits: billing README). */
  SCHOOL_POOL_EMPTY: 'SCHOOL_POOL_EMPTY',
  /** rpc.billing.consume_credit: the student has used as many pool credits as their school allows each student. */
  SCHOOL_POOL_CAP_REACHED: 'SCHOOL_POOL_CAP_REACHED',
  /** rpc.billing.consume_credit: the class the essay is submitted into has used all the pool credits its school allows it. */
  CLASS_POOL_CAP_REACHED: 'CLASS_POOL_CAP_REACHED',
  LAST_SUPER_ADMIN: 'LAST_SUPER_ADMIN',
  RUBRIC_NOT_FOUND: 'RUBRIC_NOT_FOUND',
  RUBRIC_TYPE_MISMATCH: 'RUBRIC_TYPE_MISMATCH',
  /** DELETE /rubrics/{id}: evaluations were graded with it. */
  RUBRIC_IN_USE: 'RUBRIC_IN_USE',
  /** The default rubric of a type cannot be deleted or taken out of use; another must become the default first. */
  RUBRIC_IS_DEFAULT: 'RUBRIC_IS_DEFAULT',
  /** Only an active rubric can be the default of its type. */
  RUBRIC_NOT_ACTIVE: 'RUBRIC_NOT_ACTIVE',
  /** Issue 33 §3: no such exemplar on this rubric. */
  EXEMPLAR_NOT_FOUND: 'EXEMPLAR_NOT_FOUND',
  /** Issue 33 §3: an exemplar's marks do not fit the rubric's criteria (see `detail`). */
  EXEMPLAR_MARKS_INVALID: 'EXEMPLAR_MARKS_INVALID',
  /** Issue 36: a rubric's translation does not fit its criteria codes or mark bands (see `detail`). */
  RUBRIC_TRANSLATION_INVALID: 'RUBRIC_TRANSLATION_INVALID',
  /** Issue 33 §3: a rubric holds at most MAX_EXEMPLARS_PER_RUBRIC exemplars. */
  EXEMPLAR_LIMIT_REACHED: 'EXEMPLAR_LIMIT_REACHED',
  /** A rubric needs at least one criterion (from a processed file or a scoring structure). */
  RUBRIC_NO_CRITERIA: 'RUBRIC_NO_CRITERIA',
  /** The scoring structure or criteria text is inconsistent (see `detail`). */
  RUBRIC_INVALID_SCORING: 'RUBRIC_INVALID_SCORING',
  /** The rubric document was read but holds no criteria we could recognise. */
  RUBRIC_FILE_UNRECOGNISED: 'RUBRIC_FILE_UNRECOGNISED',
  EMPTY_ESSAY: 'EMPTY_ESSAY',
  ESSAY_TOO_LONG: 'ESSAY_TOO_LONG',
  /** POST /subscription/use-essay-credit and /subscribe/use-credit: credits are spent by submitting an evaluation. */
  CREDITS_USED_BY_EVALUATION: 'CREDITS_USED_BY_EVALUATION',
  /** grading.failed.v1: the job cannot be graded (no usable text or rubric); not retried. */
  UNGRADABLE: 'UNGRADABLE_JOB',
  /** grading.failed.v1: the grader kept failing until the delivery limit. */
  GRADING_FAILED: 'GRADING_FAILED',
  /** grading.failed.v1 (issue 36): the essay is in a language the built-in grader cannot judge (not English, French or Spanish); not retried. */
  UNSUPPORTED_LANGUAGE: 'UNSUPPORTED_LANGUAGE',
  /** rpc.billing.consume_credit: the evaluation id was already charged to another user's account. */
  EVALUATION_ALREADY_CHARGED: 'EVALUATION_ALREADY_CHARGED',
  /** evaluation: the file is of its type but cannot be accepted (password-protected PDF, .docx expanding too far). */
  FILE_REFUSED: 'FILE_REFUSED',
  /** evaluation: reading the file took too long. */
  FILE_UNREADABLE: 'FILE_UNREADABLE',
  /** POST /evaluation/{id}/retry: only a failed evaluation can be graded again. */
  EVALUATION_NOT_FAILED: 'EVALUATION_NOT_FAILED',
  /** approve/reject: only a completed evaluation can be reviewed. */
  EVALUATION_NOT_COMPLETED: 'EVALUATION_NOT_COMPLETED',
  /** regrade: the evaluation is being graded right now. */
  EVALUATION_IN_PROGRESS: 'EVALUATION_IN_PROGRESS',
  /** submit, retry: billing did not answer; the essay is kept and graded once its credit is confirmed (503). */
  CREDIT_UNCONFIRMED: 'CREDIT_UNCONFIRMED',
  /** submit: the same essay is already waiting for its credit to be confirmed (409): no second charge. */
  SUBMISSION_AWAITING_CREDIT: 'SUBMISSION_AWAITING_CREDIT',
  /** submit: the same essay is charged and being graded right now (409): no second charge. */
  SUBMISSION_IN_PROGRESS: 'SUBMISSION_IN_PROGRESS',
  /** users: no account with this id. */
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** users: a student has used all messages of their allowance (max_chatbot). */
  MESSAGE_LIMIT_REACHED: 'MESSAGE_LIMIT_REACHED',
  /** content: no policy or document with this name. */
  CONTENT_NOT_FOUND: 'CONTENT_NOT_FOUND',
  /** content: no TOK session with this id. */
  TOK_SESSION_NOT_FOUND: 'TOK_SESSION_NOT_FOUND',
  /** content: another TOK session already has this name. */
  TOK_SESSION_EXISTS: 'TOK_SESSION_EXISTS',
  /** content: the current TOK session cannot be deleted (choose another one first). */
  TOK_SESSION_CURRENT: 'TOK_SESSION_CURRENT',
  /** content: no enquiry with this id. */
  ENQUIRY_NOT_FOUND: 'ENQUIRY_NOT_FOUND',
  /** links: no link with this id (or, for a click, no active one). */
  LINK_NOT_FOUND: 'LINK_NOT_FOUND',
  /** links: the URL is not an absolute http(s) address. */
  INVALID_URL: 'INVALID_URL',
} as const;

export const Messages = {
  // Sign-in: the client matches 'no account found', 'incorrect' / 'password', 'deactivated'.
  ACCOUNT_NOT_FOUND: 'No account found with this email address',
  INCORRECT_PASSWORD: 'Incorrect password',
  ACCOUNT_DEACTIVATED: 'Account deactivated: your account has been deactivated. Please contact support.',
  // Sign-up: the client matches 'already exists', a 6-characters message, an email-required message.
  EMAIL_EXISTS: 'An account with this email already exists',
  PASSWORD_TOO_SHORT: 'Password must be at least 6 characters long',
  EMAIL_REQUIRED: 'Email is required',
  INVALID_ROLE: 'Sign-up is only possible as a student or a teacher',
  INVALID_CREDENTIALS_BODY: 'Email and password are required',
  // Sessions
  NOT_AUTHENTICATED: 'Not authenticated',
  TOKEN_EXPIRED: 'Access token expired',
  INVALID_TOKEN: 'Invalid access token',
  INVALID_REFRESH_TOKEN: 'Invalid or expired refresh token',
  FORBIDDEN: 'You do not have permission to perform this action',
  ADMIN_REQUIRED: 'Access denied. Admin privileges required.',
  // Password reset
  RESET_REQUESTED: 'If an account exists for this email, a password reset link has been sent.',
  INVALID_RESET_TOKEN: 'Invalid reset token',
  PASSWORD_RESET_DONE: 'Password has been reset. You can now sign in.',
  PASSWORD_UPDATED: 'Password updated successfully',
  CURRENT_PASSWORD_WRONG: 'Current password is incorrect',
  // Setup
  SETUP_DONE: 'Admin user created successfully! You can now sign in.',
  SETUP_CLOSED: 'Admin user already exists. Setup is closed.',
  SETUP_TOKEN_REQUIRED: SetupTexts.TOKEN_REQUIRED,
  SETUP_TOKEN_INVALID: SetupTexts.TOKEN_INVALID,
  // Google
  GOOGLE_NOT_CONFIGURED: 'Google sign-in is not configured on this server',
  GOOGLE_FAILED: 'Google login failed',
  // Credits and evaluations (the submit screen matches 403 / 'credit')
  NO_CREDITS: 'Insufficient essay credits: you have no essay credits remaining. Please purchase more credits to continue.',
  SCHOOL_POOL_EMPTY:
    "Your school's essay credits have run out, so this essay cannot be graded now. Please ask your school's coordinator to add credits to the school's pool.",
  /** `cap`: the school's pool_cap_per_student. */
  SCHOOL_POOL_CAP_REACHED: (cap: number) =>
    `You have used all ${cap} essay credit${cap === 1 ? '' : 's'} your school allows each student, so this essay cannot be graded now. Please ask your school's coordinator.`,
  /** `cap`: the class's pool_cap. */
  CLASS_POOL_CAP_REACHED: (cap: number) =>
    `This class has used all ${cap} essay credit${cap === 1 ? '' : 's'} your school allows it, so this essay cannot be graded now. Please ask your teacher or your school's coordinator.`,
  GRADING_ROLE_ONLY: 'Only students and teachers can submit essays for grading',
  /** A submission's include_reflection other than true: the reflection criterion cannot be skipped. */
  REFLECTION_ALWAYS_GRADED:
    "include_reflection: only 'true' is accepted. A rubric's reflection criterion (EE criterion E) is always graded from the essay's text; leave the field out or send true",
  EVALUATION_NOT_FOUND: 'Evaluation not found',
  EVALUATION_DELETED: 'Evaluation deleted successfully',
  RETRY_ONLY_FAILED: 'Only a failed evaluation can be retried',
  REVIEW_ONLY_COMPLETED: 'Only completed evaluations can be approved or rejected',
  REJECT_NOTES_REQUIRED: 'Admin notes are required to reject an evaluation',
  CREDIT_UNCONFIRMED:
    'Billing is not answering right now. Your essay is saved and will be graded as soon as your credit is confirmed; it will then appear in your submissions. There is no need to submit it again.',
  SUBMISSION_AWAITING_CREDIT:
    'This essay is already submitted and waiting for its credit to be confirmed; it will appear in your submissions shortly. There is no need to submit it again.',
  SUBMISSION_IN_PROGRESS:
    'This essay is already being evaluated; its result will appear in your submissions shortly. There is no need to submit it again.',
  REGRADE_IN_PROGRESS: 'The evaluation is being graded right now; wait until it has finished',
  REPORT_NOT_READY: 'The report is available once the evaluation has completed',
  RESULTS_NOT_READY: 'Results can be edited once the evaluation has completed',
  RUBRIC_NOT_FOUND: 'Rubric not found',
  USER_NOT_FOUND: 'User not found',
  LAST_SUPER_ADMIN: 'The last super admin cannot be demoted, deactivated or deleted',
  // Rubric management (admin spec §5, §8)
  RUBRIC_FILE_UNSUPPORTED: 'Unsupported file type. Please upload: .pdf, .docx, .doc, .txt',
  RUBRIC_FILE_TOO_LARGE: 'File too large. Maximum size is 10MB.',
  RUBRIC_FILE_REQUIRED: 'Please process a file first before creating the rubric.',
  RUBRIC_FILE_EMPTY: 'The file contains no readable text. Upload a document with selectable text (a scanned image cannot be read).',
  RUBRIC_FILE_UNRECOGNISED:
    'No rubric criteria were found in the file. Each criterion needs a heading such as "Criterion A: Focus and method (6 marks)".',
  RUBRIC_NO_CRITERIA:
    'No rubric criteria were found in the criteria text. Each criterion needs a heading such as "Criterion A: Focus and method (6 marks)".',
  RUBRIC_FILE_MISSING: 'Please upload a file',
  RUBRIC_TITLE_REQUIRED: 'Title is required',
  RUBRIC_IN_USE: 'This rubric is used by existing evaluations and cannot be deleted. Set its status to deprecated instead.',
  RUBRIC_IS_DEFAULT: 'This rubric is the default for its essay type. Make another rubric the default first.',
  RUBRIC_NOT_ACTIVE: 'Only an active rubric can be the default for its essay type',
  RUBRIC_DELETED: 'Rubric deleted successfully',
  EXEMPLAR_NOT_FOUND: 'Exemplar not found',
  EXEMPLAR_DELETED: 'Exemplar deleted',
  EXEMPLAR_LIMIT_REACHED: 'This rubric already holds the most exemplars allowed. Delete one before adding another.',
  RATE_LIMITED: 'Too many requests. Please wait and try again.',
  TOO_MANY_FAILED_SIGNINS: 'Too many failed sign-in attempts for this account. Please wait and try again.',
  FILE_TOO_LARGE: 'File size must be less than 20MB',
  UNSUPPORTED_FILE: 'Only .txt, .docx, .pdf files are allowed',
  EMPTY_ESSAY: 'The file contains no readable text',
  INTERNAL: 'An unexpected error occurred',
  // service-kit's own answers (issue 36: in the catalog so they are translated too)
  SERVICE_BRIEFLY_UNAVAILABLE: 'The service is briefly unavailable; try again in a moment.',
  VALUE_NOT_STORABLE: 'The request contains a value that cannot be stored (invalid characters or format)',
  ADDRESS_TOO_LONG: 'A value in the address is too long',
  ADDRESS_INVALID: 'The address is not valid',
  REQUEST_UNREADABLE: 'The request could not be read',
  CREDITS_USED_BY_EVALUATION:
    'Essay credits cannot be spent directly: one credit is used automatically when you submit an essay for evaluation.',
  // Users service
  AVATAR_TOO_LARGE: 'Avatar must be at most 2 MB',
  AVATAR_UNSUPPORTED: 'Avatar must be a PNG, JPEG or WebP image',
  AVATAR_FILE_REQUIRED: 'A file field named "file" is required',
  MESSAGE_LIMIT_REACHED: 'You have used all your messages',
  CANNOT_DELETE_SELF: 'You cannot delete your own account',
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account',
  ROLE_CHANGE_SUPER_ADMIN_ONLY: 'Only a super admin can change roles',
  ADMIN_TARGET_SUPER_ADMIN_ONLY: 'Only a super admin can manage admin accounts',
  SELF_ROLE_SWITCH_ONLY: 'You can only switch between student and teacher',
  // Content service
  CONTENT_NOT_FOUND: 'Content not found',
  CONTENT_UPDATED: 'Content updated successfully',
  TOK_SESSION_NOT_FOUND: 'TOK session not found',
  TOK_SESSION_EXISTS: 'A TOK session with this name already exists',
  TOK_SESSION_CURRENT: 'The current TOK session cannot be deleted: make another session current first',
  ENQUIRY_NOT_FOUND: 'Enquiry not found',
  CONTACT_RECEIVED: 'Thank you! We have received your enquiry and will reply by e-mail within two working days.',
  // Links service (admin §5, §8)
  LINK_CATEGORY_REQUIRED: 'Social media platform is required',
  LINK_URL_REQUIRED: 'URL is required',
  LINK_DESCRIPTION_REQUIRED: 'Description is required',
  LINK_URL_INVALID: 'URL must be an http:// or https:// address',
  LINK_NOT_FOUND: 'Link not found',
  LINK_DELETED: 'Link deleted successfully',
} as const;

/**
 * Why a model grading was replaced by the fallback (admin spec §8, "Local path"); recorded as the
 * result's `fallbackReason`, followed by ': <detail>' where there is one.
 */
export const AssessmentFallbackReasons = {
  NO_RESPONSE: 'No assessment response received from OpenAI',
  UNPARSEABLE: 'Failed to parse assessment response',
  NO_JSON: 'No JSON found in response',
  TIMEOUT: 'AI assessment timeout',
} as const;
