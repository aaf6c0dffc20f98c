/**
 * The keys of export columns (server/src/http/exportColumns.ts) over every resource: the console sends
 * the reader's label of each it has (`resources.<name>.fields.<key>`) with an export, and the file's
 * headers are those labels. A server test holds this list to the declarations.
 */
export const EXPORT_COLUMN_KEYS = [
  'age', 'answer', 'area', 'blood_group', 'c_date', 'campaign', 'category', 'charge', 'city', 'close_time', 'cnic', 'country',
  'created_at', 'date', 'dated_at', 'dates', 'days', 'desc', 'detail', 'disease_name', 'district', 'dob', 'doctor', 'e_date',
  'e_time', 'email', 'end_date', 'first_date', 'from_age', 'from_date', 'gender', 'handled_at', 'id', 'is_emergency', 'is_super',
  'iso2', 'iso3', 'joining_date', 'key', 'label', 'lat', 'location', 'long', 'm_name', 'm_times', 'manager', 'marital_status',
  'msg', 'name', 'note', 'open_time', 'parent', 'patient', 'phone', 'phone_no', 'qualification', 'question', 'rating', 'reason',
  'relation', 'reply', 'role', 's_date', 's_time', 'session', 'start_date', 'status', 'still_using', 'submissions_count', 'survey',
  'tags', 'tehsil', 'text', 'title', 'to_age', 'to_be_taken', 'to_date', 'total_fee', 'total_users', 'type', 'updated_at', 'user',
  'value', 'version',
] as const;
