/** Account status of admins and users (spec 1 section 4). */
export const USER_STATUS = { active: 1, blocked: 2 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Image types accepted for profile photos and promotional images, checked by content on the server. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
