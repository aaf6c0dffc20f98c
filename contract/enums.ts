/** Account status of admins and users (spec 1 section 4). */
export const USER_STATUS = { active: 1, blocked: 2 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Image types accepted for profile photos and promotional images, checked by content on the server. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/** Genders of patients, family members, doctors and CHWs (spec 2): Male (default), Female, Transgender. */
export const PERSON_GENDERS = ['male', 'female', 'transgender'] as const;
export type PersonGender = (typeof PERSON_GENDERS)[number];

export const MARITAL_STATUSES = ['Married', 'Unmarried', 'Divorced', 'Separated'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
/** A family member's relation to the patient (spec 2 section 9). */
export const RELATIONS = ['Father', 'Mother', 'Wife', 'Son', 'Daughter', 'Brother', 'Sister'] as const;

/** The kinds of people in the one account table: patients, their family members, CHWs and doctors. */
export const USER_TYPES = ['patient', 'family', 'chw', 'doctor'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** When a medicine is taken (spec 2: a multi-select on medical histories, one choice on prescription items). */
export const MEDICINE_TIMES = ['Morning', 'Noon', 'Evening', 'Night'] as const;
export const TO_BE_TAKEN = ['After Food', 'Before Food'] as const;
/** Duty-roster slot statuses: Available and Cancelled are open to booking, Booked and Reserved are not. */
export const SLOT_STATUSES = ['Available', 'Cancelled', 'Booked', 'Reserved'] as const;
export const APPOINTMENT_STATUSES = ['Booked', 'Completed', 'Cancelled'] as const;

/** Task types (spec 3) and what each points at: a survey form, a campaign, a knowledge item, a note, or nothing. */
export const TASK_TYPES = ['Survey', 'Campaign', 'Booking', 'Knowledge', 'UserRegistration', 'General'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** A CHW's progress on a task, set from the field app (Completed also by a survey submission for the task). */
export const TASK_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
/** Health literacy content types (spec 3): each takes its own files (image: JPG/PNG, pdf: PDF, video: MP4 with a thumbnail). */
export const HLC_TYPES = ['image', 'pdf', 'video'] as const;
export type HlcType = (typeof HLC_TYPES)[number];
/** User message types (spec 3): Survey shows a form picker, Knowledge a knowledge picker, General a text, Booking nothing. */
export const MESSAGE_TYPES = ['Survey', 'Booking', 'Knowledge', 'General'] as const;
/** A recipient's progress on a message, set from the field app. */
export const RECIPIENT_STATUSES = ['Pending', 'Submitted'] as const;
/** Question types of survey forms; checkbox and radio carry options. */
export const QUESTION_TYPES = ['text', 'checkbox', 'radio', 'date'] as const;

/** Static pages (spec 3): each key names one page, which exists at most once. */
export const PAGE_KEYS = ['privacy_policy', 'terms'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Where staff are with a patient's feedback, and with a support request (spec 3). */
export const FEEDBACK_STATUSES = ['New', 'Reviewed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const SUPPORT_STATUSES = ['Open', 'Resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
