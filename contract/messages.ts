/**
 * Every text the server sends to a person (`message`, and the field messages under `error`), under a stable
 * code. The server writes these texts only (server/test/messages.test.ts reads its sources for others) and
 * sends each text's code beside it (`code`, `codes`: docs/API-CONTRACT.md); the console shows the code's
 * translation (`server.<code>` in src/i18n/server/), or the text when it does not know the code.
 *
 * Placeholders are react-admin's `%{name}`; the server fills them, and a reader gets their values back from
 * the text with `readMessage`. A value that is itself a catalogue text (`message` in "Row 2: ...") is a
 * message of its own. Other values stay as the server wrote them in every language (names of fields,
 * statuses, record titles, counts, the password checker's advice).
 */
export const SERVER_MESSAGES = {
  // the envelope
  success: 'Success',
  created: 'Successfully added.',
  updated: 'Successfully updated.',
  deleted: 'Successfully deleted.',
  invalid_data: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  not_found: 'Not found.',
  server_error: 'Something went wrong on the server.',
  service_unavailable: 'The service is briefly unavailable; try again in a moment.',
  request_failed: 'Request failed.',
  conflict_in_use: 'This record is still in use by other records, or refers to a record that does not exist.',
  record_in_use: 'The %{noun} "%{label}" is still used by %{uses}. Delete or move them first.',
  bulk_done: '%{done} done.',
  bulk_partly: '%{done} done, %{refused} refused.',
  bulk_count: 'Select from 1 to %{max} records.',
  export_ready: 'Export ready.',
  // request machinery
  unknown_field: 'Unknown field.',
  unknown_field_named: 'Unknown field "%{key}".',
  unknown_field_at: '%{at}: Unknown field "%{key}".',
  row_message: 'Row %{row}: %{message}',
  row_not_of_record: 'Row %{row} does not belong to this record.',
  field_invalid: 'The %{field} field is not valid.',
  read_only_field: 'This field cannot be changed here.',
  body_invalid: 'The request body is not valid.',
  field_nul: 'The %{field} field must not contain NUL characters.',
  at_most_characters: 'At most %{max} characters.',
  add_at_least: 'Please add at least %{what}.',
  taken: 'The %{field} has already been taken.',
  title_taken: 'This title already exists.',
  address_invalid: 'The address is not valid.',
  address_too_long: 'The address is too long.',
  request_too_slow: 'The request took too long.',
  body_too_slow: 'The request body took too long.',
  headers_too_large: 'The request headers (or address) are too large.',
  request_unreadable: 'The request could not be read.',
  multipart_unreadable: 'The multipart body could not be read.',
  json_unreadable: 'The request body is not valid JSON.',
  json_empty: 'A JSON request body may not be empty.',
  multipart_refused: 'This address does not take multipart bodies; send JSON.',
  body_too_deep: 'The request body is nested too deeply.',
  range_outside: 'This range is not within the file.',
  // lists, filters and search
  filter_number: 'The %{filter} filter must be a number.',
  filter_record: 'The %{filter} filter must name a record.',
  filter_date: 'The %{filter} must be a date (YYYY-MM-DD).',
  filter_status: 'The status filter must be one of %{values}.',
  filter_one_of: 'The %{filter} filter must be one of %{values}.',
  end_before_start: 'The end date must not be before the start date.',
  choose_your_district: 'Please choose one of the districts you are responsible for.',
  search_too_long: 'The search may have at most %{max} characters.',
  page_number: 'The page must be a number.',
  per_page_range: 'The per page must be a number from 1 to 100.',
  specialization_filter: 'The specialization filter must be a number.',
  // the FHIR API (/fhir): the diagnostics of its OperationOutcomes
  fhir_type_unknown: 'This server does not serve %{type} resources.',
  fhir_read_only: 'This server only reads and searches: it answers GET.',
  fhir_parameter_unknown: 'Unknown search parameter "%{name}".',
  fhir_modifier_unknown: 'The search parameter %{name} does not take the modifier %{modifier}.',
  fhir_parameter_date: 'The %{name} parameter must be a date or a time (YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm[:ss][Z]), with an optional prefix eq, ne, gt, lt, ge or le.',
  fhir_parameter_number: 'The %{name} parameter must be a whole number from %{min} to %{max}.',
  fhir_parameter_reference: 'The %{name} parameter must name a %{types} by its id.',
  fhir_parameter_code: 'The %{name} parameter must be one of %{values}.',
  fhir_parameter_once: 'The %{name} parameter may be given only once.',
  fhir_format: 'This server answers JSON only: _format may be json, application/json or application/fhir+json.',
  // statuses
  status_active_blocked: 'The status must be 1 (active) or 2 (blocked).',
  status_one_of: 'The status must be one of %{values}.',
  status_transition: 'The status cannot change from %{from} to %{to}.',
  status_changed_meanwhile: 'The status changed meanwhile; reload and try again.',
  // sign-in and passwords
  signed_in: 'Signed in.',
  signed_out: 'Signed out.',
  credentials_wrong: 'These credentials do not match our records.',
  account_blocked: 'Your account is blocked.',
  sign_in_throttled: 'Too many sign-in attempts. Try again in %{seconds} seconds.',
  reset_throttled: 'Too many reset requests. Try again in %{minutes} minutes.',
  requests_throttled: 'Too many requests. Try again in %{seconds} seconds.',
  reset_sent: 'If that email is registered, a reset link has been sent.',
  token_invalid: 'Invalid token',
  password_required: 'Please provide a password.',
  password_short: 'Please provide a password of at least 8 characters.',
  password_confirm_required: 'Please provide a confirm password.',
  passwords_differ: 'Passwords do not match',
  password_mismatch: "Password didn't match.",
  password_personal: 'The password must not contain your name or email.',
  password_too_easy: 'This password is too easy to guess: %{advice}',
  password_too_easy_plain: 'This password is too easy to guess. %{advice}',
  current_password_required: 'Please provide your current password.',
  current_password_wrong: 'The current password is not correct.',
  // admins and roles
  name_required: 'Please provide a name.',
  name_required_capital: 'Please provide a Name.',
  email_invalid: 'Please provide a valid email.',
  email_taken: 'The email has already been taken.',
  cnic_taken: 'The cnic has already been taken.',
  phone_min: 'Please provide a number atleast 11 digits.',
  phone_exact: 'Please provide a number of exactly 11 digits.',
  cnic_min: 'Please provide a cnic atleast 13 digits.',
  dob_invalid: 'Please provide a valid date of birth.',
  dob_required: 'Please provide a date of birth.',
  dob_future: 'The date of birth cannot be in the future.',
  gender_two: 'Please choose male or female.',
  gender_three: 'Please choose male, female or transgender.',
  role_required: 'Please select a role.',
  districts_from_list: 'Please select districts from the list.',
  districts_yours: 'Please choose among the districts you are responsible for.',
  super_admin_only_change: 'Only a super admin can change a super admin.',
  super_admin_only_give: 'Only a super admin can give the super admin role.',
  admin_permissions_not_held: 'You cannot change an admin who holds permissions you do not hold.',
  admin_districts_not_held: 'You cannot change an admin who is responsible for districts you are not responsible for.',
  role_permissions_not_held: 'You cannot give a role with permissions you do not hold: %{permissions}.',
  own_account_block: 'You cannot block your own account.',
  own_account_delete: 'You cannot delete your own account.',
  last_super_admin_block: 'The last active super admin cannot be blocked.',
  last_super_admin_delete: 'The last active super admin cannot be deleted.',
  last_super_admin_role: 'The last active super admin keeps the super admin role.',
  permissions_from_list: 'Please choose permissions from the list.',
  permissions_unknown: 'Unknown permissions: %{permissions}.',
  grant_not_held: 'You cannot grant permissions you do not hold: %{permissions}.',
  role_change_not_held: 'You cannot change a role that holds permissions you do not hold: %{permissions}.',
  super_role_fixed: 'The super admin role holds every permission and cannot be changed.',
  super_role_delete: 'The super admin role cannot be deleted.',
  role_name_taken: 'A role with this name already exists.',
  // files and uploads
  file_required: 'Please select a file.',
  file_format: 'File format not supported.',
  file_format_images: 'File format not supported. JPG/JPEG/PNG',
  file_format_images_audio: 'File format not supported. JPG/JPEG/PNG/MP3',
  file_format_media_pdf: 'File format not supported. JPG/JPEG/PNG/MP4/PDF',
  file_format_images_pdf: 'File format not supported. JPG/JPEG/PNG/PDF',
  file_format_images_pdf_audio: 'File format not supported. JPG/JPEG/PNG/PDF/MP3',
  file_format_mp4: 'File format not supported. MP4 Only',
  file_format_pdf: 'File format not supported. PDF',
  file_format_video: 'File format not supported. Video',
  file_damaged: 'The file arrived damaged (its SHA-256 does not match); please upload it again.',
  file_too_large: 'The file is too large: at most %{size}.',
  file_too_large_mb: 'The file is too large: at most %{size} MB.',
  folder_unknown: 'Unknown folder.',
  file_of_other_record: 'This file belongs to another record. Upload it again.',
  file_of_other_admin: 'This file was uploaded by another admin. Upload it yourself.',
  upload_expired: 'This upload is no longer kept (uploads are kept for a limited time until a record takes them). Upload the file again.',
  file_link_expired: 'This file link has expired or is not valid. Open the record again.',
  download_link_expired: 'This download link has expired or is not valid. Export again.',
  image_required: 'Please select an image.',
  thumbnail_required: 'Please select a thumbnail.',
  chunk_received: 'Chunk received.',
  file_uploaded: 'File uploaded.',
  chunk_required: 'Please provide the chunk as a file.',
  chunk_again: 'Please send the chunk again.',
  chunk_fields_first: 'Please send the chunk again, its fields before the file.',
  chunk_too_large: 'The chunk is too large: at most %{size} MB.',
  chunk_size: 'Every chunk but the last must have %{size} bytes, like this upload\'s others.',
  chunk_index: 'The index must be a whole number from 0.',
  chunk_index_range: 'The index must be below the total chunks.',
  chunk_total: 'The total chunks must be a whole number from 1 to %{max}.',
  chunk_total_known: 'This upload has %{total} chunks.',
  upload_sha: 'The SHA-256 must be 64 hexadecimal digits.',
  upload_sha_other: 'This upload was announced with another SHA-256.',
  upload_timestamp: 'Please provide the upload timestamp.',
  upload_allowance: 'This upload would pass your daily allowance of %{allowance} (%{used} sent today). Uploads can go on tomorrow (UTC).',
  upload_folder_permission: 'Uploading into the %{folder} folder needs the permission to add or edit the records whose files go there.',
  // places and reference data
  title_required: 'Please provide a title.',
  title_required_plain: 'Please provide a title',
  interest_enter: 'Please enter interest',
  date_invalid: 'Please provide a valid date.',
  district_required: 'Please select a district.',
  district_required_plain: 'Please select a district',
  tehsil_required: 'Please select a tehsil.',
  tehsil_required_plain: 'Please select a tehsil',
  vc_required: 'Please select a VC',
  vc_of_tehsil: 'Please select a VC area of the chosen tehsil.',
  tehsil_of_district: 'The tehsil must belong to the chosen district.',
  vc_of_tehsil_check: 'The VC must belong to the chosen tehsil.',
  city_required: 'Please select a City.',
  country_required: 'Please select a country.',
  country_name_required: 'Please provide a country name.',
  iso2_required: 'Please provide a two-letter ISO code.',
  iso3_required: 'Please provide a three-letter ISO code.',
  iso_code_taken: 'The code %{code} is already used.',
  latitude_required: 'Please provide a latitude.',
  longitude_required: 'Please provide a longitude.',
  latitude_invalid: 'Please provide a valid latitude',
  longitude_invalid: 'Please provide a valid longitude',
  district_add_all: 'Only an admin of every district can add a district.',
  qualification_required: 'Please select a qualification',
  // location import
  csv_required: 'Please choose a CSV file.',
  csv_invalid: 'That is not a CSV file.',
  import_rows_max: 'At most %{max} rows a file.',
  import_header: 'The first line must name the columns: %{columns}.',
  import_type: 'Unknown type "%{type}": district, tehsil or vc.',
  import_name_missing: 'The name is missing.',
  import_district_duplicate: 'Duplicate of line %{line}.',
  import_district_exists: 'The district "%{name}" already exists.',
  import_district_missing: 'The district is missing.',
  import_district_unknown: 'Unknown district "%{district}".',
  import_district_not_yours: 'The district "%{district}" is not one of yours.',
  import_tehsil_exists: 'The tehsil "%{name}" already exists in %{district}.',
  import_tehsil_missing: 'The tehsil is missing.',
  import_tehsil_unknown: 'Unknown tehsil "%{tehsil}" in %{district}.',
  import_latitude: 'Bad latitude "%{value}": a number from -90 to 90.',
  import_longitude: 'Bad longitude "%{value}": a number from -180 to 180.',
  import_vc_exists: 'The VC "%{name}" already exists in %{tehsil}.',
  import_line: 'Line %{line}: %{message}',
  import_needs_fixing: 'Some rows need fixing.',
  import_ready: 'Every row is ready to import.',
  import_refused: 'Nothing was imported: some rows need fixing.',
  import_done: 'Imported %{districts} districts, %{tehsils} tehsils and %{areas} VC areas.',
  // people
  age_required: 'Please provide an age.',
  relation_required: 'Please select a relation.',
  blood_group: 'Please choose a blood group.',
  marital_status: 'Please choose a marital status.',
  height_cm: 'Please provide the height in centimetres.',
  weight_kg: 'Please provide the weight in kilograms.',
  interests_from_list: 'Please select interests from the list.',
  specializations_required: 'Please select at least one specialization.',
  // clinical records
  disease_required: 'Please provide a disease.',
  from_date_required: 'Please provide a from date.',
  to_date_required: 'Please provide a to date.',
  detail_required: 'Please provide detail.',
  current_date_required: 'Please provide a current date.',
  medicine_name_required: 'Please provide an medicine name.',
  days_required: 'Please provide a days.',
  note_required_plain: 'Please provide note.',
  patient_choose: 'Please choose the patient.',
  doctor_required: 'Please select a doctor.',
  to_date_before_from: 'The to date must not be before the from date.',
  food_timing: 'Please choose After Food or Before Food.',
  medicine_times: 'Please choose Morning, Noon, Evening or Night.',
  yes_no: 'Please choose Yes or No.',
  medicines_required: 'Please add at least one medicine.',
  // appointments and duty rosters
  patient_required: 'Please select a patient.',
  slot_required: 'Please select a time slot.',
  slot_past: 'This slot is in the past.',
  appointment_not_begun: 'An appointment can be completed once its time has begun.',
  slot_taken: 'This slot is no longer available.',
  slot_same: 'The appointment is already in this slot.',
  appointment_locked: 'Only a booked appointment can change; this one is %{status}.',
  appointment_changed: 'The appointment changed meanwhile; reload and try again.',
  request_required: 'Please choose an appointment request.',
  request_handled: 'This request has already been handled.',
  request_patient: 'Please choose the patient of the request or one of their family members.',
  request_detail: 'Please describe the request.',
  reason_required: 'Please provide a reason.',
  reason_choose: 'Please choose one reason.',
  month_format: 'Please give the month as YYYY-MM.',
  day_format: 'Please give the day as YYYY-MM-DD.',
  day_or_month: 'Please give a day (YYYY-MM-DD) or a month (YYYY-MM).',
  dates_required: 'Please choose the dates.',
  time_from_required: 'Please provide a time from.',
  time_to_required: 'Please provide a time to.',
  session_minimum: 'Please provide a session time minimum 10 minutes.',
  charge_minimum: 'Please provide a charge of at least 1 a minute.',
  charge_step: 'Please provide the charge in steps of 0.1.',
  total_fee_product: 'The total fee is the session times the charge per minute.',
  time_to_after_from: 'The time to must be after the time from.',
  time_range_session: 'The time range must hold at least one session.',
  roster_booked_change: 'This schedule has booked or reserved slots: free them before changing it.',
  roster_booked_delete: 'This schedule has booked or reserved slots: free them before deleting it.',
  roster_clash: 'The doctor already has hours on %{date} from %{from} to %{to}.',
  slot_changed: 'The slot changed meanwhile; reload and try again.',
  doctor_closed: 'This doctor is not taking appointments.',
  booking_self_family: 'Please choose yourself or one of your family members.',
  booking_client_key: 'Please provide the booking’s client key (at most 100 characters).',
  booking_key_used: 'The client key "%{key}" was used for another booking.',
  booking_recorded: 'This booking was already recorded.',
  rating_completed_only: 'Only a completed appointment can be rated.',
  rating_done: 'This appointment has already been rated.',
  rating_after_visit: 'You can rate a doctor once for each completed appointment with them.',
  users_type: 'Please choose a type: %{types}.',
  // facilities
  location_required: 'Please provide a location.',
  manager_required: 'Please provide a manager.',
  opening_required: 'Please provide an opening time.',
  closing_required: 'Please provide a closing time.',
  closing_after_opening: 'The closing time must be after the opening time.',
  service_required: 'Please provide a service.',
  services_required: 'Please add at least one service.',
  // feedback and support
  message_write: 'Please write a message.',
  rating_range: 'Please give a rating from 1 to 5.',
  at_most_2000: 'At most 2000 characters.',
  app_user_required: 'Please select a user of the apps.',
  // programme: campaigns, tasks, messages, forms, content
  category_required: 'Please select a category.',
  type_required: 'Please select a type.',
  type_required_plain: 'Please select a type',
  type_required_bare: 'Please select type',
  description_required: 'Please provide a description.',
  description_required_capital: 'Please provide a Description',
  tags_required: 'Please provide at least one tag.',
  tag_length: 'A tag may have at most 50 characters.',
  literacy_in_use: 'The health literacy item "%{title}" is still used by %{uses}. Block it instead, or change them first.',
  start_date_required: 'Please select a start date.',
  end_date_required: 'Please select an end date.',
  date_not_past: 'The date cannot be before today.',
  date_scheduled_past: 'A date before today cannot be scheduled.',
  campaign_required: 'Please select a campaign.',
  form_required: 'Please select a survey form.',
  form_required_plain: 'Please select a form',
  knowledge_required: 'Please select a knowledge item.',
  knowledge_required_plain: 'Please select a knowledge',
  note_required: 'Please provide a note.',
  chw_required: 'Please fill the CHW required field!',
  chws_of_tehsil: 'Every CHW must be an active CHW of the chosen tehsil.',
  chw_submitted: 'A CHW who has submitted for this task cannot be taken off it.',
  task_has_submission: 'The task "%{title}" has 1 survey submission: block it instead of deleting it.',
  task_has_submissions: 'The task "%{title}" has %{number} survey submissions: block it instead of deleting it.',
  text_required_plain: 'Please provide a text',
  text_required: 'Please provide a text.',
  interest_required: 'Please select a Interest',
  from_age_required: 'Please select from age',
  to_age_required: 'Please select to age',
  to_age_below_from: 'The to age must not be below the from age.',
  at_most_5000: 'At most 5000 characters.',
  flag_value: 'A flag is 1 or 0 (or true or false).',
  form_title_required: 'Form Title is required',
  question_title_required: 'Question %{n} Title is required',
  option_type_required: 'Options Type is required',
  option_title_required: 'Option %{n} Title is required',
  question_type: 'Please choose text, checkbox, radio or date.',
  options_differ: 'The options of a question must all differ.',
  questions_required: 'Please add at least one question.',
  questions_max: 'A form has at most %{max} questions.',
  question_not_of_form: 'This question is not one of the form’s questions.',
  question_twice: 'This question is listed twice.',
  questions_deleted: 'Deleted questions must be questions of this form that are not kept in the list.',
  question_row: 'Each question has a title (at most 500 characters), a type, a required flag and options.',
  option_text: 'Each option is a title of at most 191 characters.',
  form_has_submission: 'The survey form "%{title}" has 1 submission: block it instead of deleting it.',
  form_has_submissions: 'The survey form "%{title}" has %{number} submissions: block it instead of deleting it.',
  form_in_use: 'The survey form "%{title}" is still used by %{uses}. Delete them or choose another form first.',
  export_format: 'The format is csv or xlsx.',
  page_exists: 'This page already exists: edit it instead.',
  question_required: 'Please provide a question',
  answer_required: 'Please provide a answer',
  heading_required: 'Please provide a heading.',
  key_required: 'Please provide a key.',
  value_required: 'Please provide a value.',
  // survey submissions (field app)
  submission_client_id: 'Please provide the submission’s client id (at most 100 characters).',
  submission_task: 'This task is not one of your tasks for this form.',
  form_blocked: 'This survey form is blocked and takes no more submissions.',
  question_answer_required: 'Question %{n} is required.',
  question_not_current: 'This question is not one of the form’s current questions.',
  question_answered_twice: 'This question is answered twice.',
  answer_option: 'The answer must be one of the question’s options.',
  answer_options: 'Each answer must be one of the question’s options.',
  answer_date: 'The answer must be a date (YYYY-MM-DD).',
  answer_text: 'The answer must be text of at most 5000 characters.',
  answers_list: 'Answers are a list of { question_id, value }.',
  submission_other_form: 'This client id was used for a submission of another form.',
  submission_recorded: 'This submission was already recorded.',
  // notifications and audit
  recipients_required: 'Please choose who receives the notification.',
  message_required: 'Please provide a message.',
  channel_required: 'Please choose the web or mobile channel.',
  // the real-time sign-in of a channel (POST /api/admin/broadcasting/auth)
  socket_id_invalid: 'The socket id format is invalid.',
  channel_name_invalid: 'The channel name format is invalid.',
  audience_type: 'Please choose the admin or user type.',
  notification_ids: 'Please send a list of notification ids.',
  notification_list: 'Please send the list of notifications.',
  admins_web: 'Admins are notified on the web channel.',
  users_mobile: 'Doctors and patients are notified on the mobile channel.',
  admins_type: 'Notifications to admins are of type admin.',
  users_type_user: 'Notifications to doctors and patients are of type user.',
  doctors_all_districts: 'Doctors serve every district: only an admin of every district can notify them.',
  notification_sending: 'Sending to %{number} %{who}.',
  notification_nobody: 'No %{who} to notify.',
  marked_read: 'Marked as read.',
  admin_required: 'Please select an admin.',
} as const;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;

/**
 * The kinds of records a refusal counts ("still used by 2 tehsils and 1 VC area"): a code, and its English
 * singular and plural. The server writes the English into the text; the envelope's `values.uses` lists the
 * counts as `[{ noun, count }]` by these codes, which a client translates (the console: `server_nouns.<code>`,
 * src/i18n/server/), so no English word reaches another language.
 */
export const RECORD_NOUNS = {
  admin: ['admin', 'admins'],
  admin_limited: ['admin limited to it', 'admins limited to it'],
  appointment: ['appointment', 'appointments'],
  appointment_request: ['appointment request', 'appointment requests'],
  campaign: ['campaign', 'campaigns'],
  chw: ['CHW', 'CHWs'],
  doctor: ['doctor', 'doctors'],
  duty_roster: ['duty roster', 'duty rosters'],
  facility_center: ['facility center', 'facility centers'],
  family_member: ['family member', 'family members'],
  feedback_entry: ['feedback entry', 'feedback entries'],
  health_literacy_item: ['health literacy item', 'health literacy items'],
  medical_history: ['medical history', 'medical histories'],
  message: ['message', 'messages'],
  patient: ['patient', 'patients'],
  person: ['person', 'people'],
  prescription: ['prescription', 'prescriptions'],
  task: ['task', 'tasks'],
  tehsil: ['tehsil', 'tehsils'],
  vc_area: ['VC area', 'VC areas'],
} as const satisfies Record<string, readonly [string, string]>;

export type RecordNoun = keyof typeof RECORD_NOUNS;

/** A count of records of one kind, as the envelope's `values.uses` lists them. */
export interface RecordCount {
  noun: RecordNoun;
  count: number;
}

export const isRecordNoun = (noun: unknown): noun is RecordNoun => typeof noun === 'string' && Object.hasOwn(RECORD_NOUNS, noun);

/** The counts in English, as the server's text says them: "2 tehsils and 1 VC area". */
export const countsText = (uses: readonly RecordCount[]): string =>
  uses.map(({ noun, count }) => `${count} ${RECORD_NOUNS[noun][count === 1 ? 0 : 1]}`).join(' and ');

/**
 * The values of a message whose text names kinds of records, as the envelope sends them (`values`) instead
 * of those read back from the text: a record's kind by its resource name (`resource`, the console's
 * `resources.<name>.name`), counts as `uses: [{ noun, count }]`; the other placeholders as text.
 */
export type StructuredValues = Record<string, string | number | readonly RecordCount[]>;

/** Placeholder values that are catalogue texts themselves. */
export const NESTED_VALUES = ['message'] as const;

const PLACEHOLDER = /%\{(\w+)\}/g;

export const isServerMessageCode = (code: unknown): code is ServerMessageCode =>
  typeof code === 'string' && Object.hasOwn(SERVER_MESSAGES, code);

/** A catalogue text with its placeholders filled. */
export function messageText(code: ServerMessageCode, values: Record<string, string | number> = {}): string {
  return SERVER_MESSAGES[code].replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

interface Pattern {
  code: ServerMessageCode;
  regex: RegExp;
  names: string[];
  fixed: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let patterns: Pattern[] | null = null;
let exact: Map<string, ServerMessageCode> | null = null;

/** Texts without placeholders by text; the others as patterns, those with the most fixed text first. */
function compile(): { exact: Map<string, ServerMessageCode>; patterns: Pattern[] } {
  if (exact && patterns) return { exact, patterns };
  exact = new Map();
  patterns = [];
  for (const [code, text] of Object.entries(SERVER_MESSAGES) as [ServerMessageCode, string][]) {
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
    if (names.length === 0) {
      exact.set(text, code);
      continue;
    }
    const parts = text.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
    const regex = new RegExp(`^${parts.map(escape).join('([\\s\\S]*?)')}$`);
    patterns.push({ code, regex, names, fixed: parts.join('').length });
  }
  patterns.sort((a, b) => b.fixed - a.fixed);
  return { exact, patterns };
}

export interface ReadMessage {
  code: ServerMessageCode;
  values: Record<string, string>;
}

/** The code of a text the server wrote, and its placeholders' values; null for a text outside the catalogue. */
export function readMessage(text: string, code?: string): ReadMessage | null {
  const compiled = compile();
  if (code === undefined) {
    const plain = compiled.exact.get(text);
    if (plain) return { code: plain, values: {} };
  } else if (isServerMessageCode(code) && SERVER_MESSAGES[code] === text) {
    return { code, values: {} };
  }
  for (const pattern of compiled.patterns) {
    if (code !== undefined && pattern.code !== code) continue;
    const match = pattern.regex.exec(text);
    if (match) return { code: pattern.code, values: Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}

/** The code of a text, or undefined. */
export const codeOfMessage = (text: string): ServerMessageCode | undefined => readMessage(text)?.code;
