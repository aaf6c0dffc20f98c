/** The success envelope of every /api/admin answer (DESIGN.md section 3). */
export const ok = <T>(data: T, message = 'Success') => ({ success: true as const, data, message });

export const MESSAGES = {
  created: 'Successfully added.',
  updated: 'Successfully updated.',
  deleted: 'Successfully deleted.',
} as const;
