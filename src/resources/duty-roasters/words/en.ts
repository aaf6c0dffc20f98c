import type { Messages } from '../../../i18n/messages';

/** The duty-roasters module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'duty-roasters': {
      name: 'Duty Roster |||| Duty Rosters',
      fields: {
        doctor_id: 'Doctor',
        label: 'Name',
        dates: 'Dates',
        first_date: 'First date',
        s_time: 'Time',
        e_time: 'Time to',
        session: 'Session (minutes)',
        charge: 'Charge per minute',
        total_fee: 'Total fee',
        time_from: 'Time from',
      },
      page: { list: 'Duty Rosters' },
      editor: {
        title: 'Schedule working hours',
        previous_month: 'Previous month',
        next_month: 'Next month',
        select_weekday: 'Choose every %{day} of the month',
        day_scheduled: '%{day}, already scheduled',
        chosen: '%{smart_count} date chosen |||| %{smart_count} dates chosen',
        legend_chosen: 'Chosen',
        legend_scheduled: 'Already scheduled',
        clear: 'Clear dates',
        session_disabled: 'Enabled once the time range is at least 10 minutes.',
        fee_help: 'Session × charge per minute',
        preview: 'Slots to be saved',
        preview_day: 'Slots of each chosen day',
        preview_empty: 'Choose the time from, the time to and a session to see the slots.',
        remainder: '%{from}–%{to} is shorter than a session and is left out.',
        preview_summary: '%{slots} slots a day × %{dates} dates = %{total} slots',
        save: 'Save working hours',
        stored: 'Stored slots of %{month}',
        legend: 'Available and Cancelled slots are open to booking; Booked and Reserved slots are unavailable.',
        no_slots: 'No slots are stored in this month.',
        open: 'Open to booking',
        unavailable: 'Unavailable',
        schedules: 'Schedules',
      },
      status: {
        Available: 'Available',
        Cancelled: 'Cancelled',
        Booked: 'Booked',
        Reserved: 'Reserved',
      },
      validation: {
        from_required: 'Please provide a time from.',
        to_required: 'Please provide a time to.',
        order: 'The time to must be after the time from.',
        session: 'Please provide a session time minimum 10 minutes.',
        too_short: 'The time range must hold at least one session.',
        charge: 'Please provide a charge of at least 1 a minute.',
        charge_step: 'Please provide the charge in steps of 0.1.',
        dates: 'Please choose the dates.',
      },
    },
  },
} satisfies Messages;

export default words;
