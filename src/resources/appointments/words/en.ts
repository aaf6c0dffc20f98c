import type { Messages } from '../../../i18n/messages';

/** The appointments module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    appointments: {
      name: 'Appointment |||| Appointments',
      fields: {
        date: 'Date',
        doctor_id: 'Doctor',
        patient_id: 'Patient',
        status: 'Status',
        scheduled: 'Scheduled',
        booking_for: 'Booking for',
        disease: 'Disease detail',
        detail: 'Note',
        cancel_reason: 'Reason', request_id: 'Request',
      },
      action: { cancel: 'Cancel', complete: 'Complete', reschedule: 'Reschedule' },
      page: { list: 'Appointments', show: 'Appointment Detail' },
      status: { Booked: 'Booked', Completed: 'Completed', Cancelled: 'Cancelled' },
      cancel_title: 'Why is this appointment cancelled?',
      book: { button: 'Book appointment', title: 'Book an appointment', previous_month: 'Previous month', next_month: 'Next month', day_open: '%{day}: %{smart_count} open slot |||| %{day}: %{smart_count} open slots', day_closed: '%{day}: no open slot', slots_failed: 'The open slots could not be read. Try again.', no_slots_month: 'No open slots this month: try the next one.', slots_of: 'Open slots on %{day}', choose_day: 'Choose a day with open slots.', booked: 'Booked for %{day} at %{time}.', for_request: 'Request #%{number}: %{detail}', for_whom: 'For', self: '%{name} (self)', specialization: 'Specialization', choose_specialization_first: 'Choose a specialization first', no_doctors: 'No active doctor has this specialization.', summary: '%{day}, %{time}', keep: 'Close', confirm: 'Book' },
      complete: { done: 'The appointment is completed.', title: 'Mark this appointment completed?', text: '%{name} saw Dr %{doctor}. A completed appointment cannot change again.', keep: 'Keep it booked', confirm: 'Mark completed' },
      reschedule: { title: 'Reschedule the appointment', now: '%{name}, now on %{day}, %{time}. Choose another open slot.', keep: 'Keep this time', confirm: 'Move here', done: 'Moved to %{day} at %{time}.' },
      cancel: { done: 'The appointment is cancelled and its slot is open again.', keep: 'Keep it', confirm: 'Cancel appointment' },
      dr: 'Dr %{name}',
      self: 'Self',
      years: '%{age} years',
    },
  },
} satisfies Messages;

export default words;
