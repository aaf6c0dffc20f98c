import type { Messages } from '../messages';

/** Facility centers, feedback and support, English: merged into en.ts. */
const facilities = {
  resources: {
    'facility-centers': {
      name: 'Facility Center |||| Facility Centers',
      fields: {
        title: 'Title',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        area_id: 'VC Area',
        phone_no: 'Contact Number',
        lat: 'Latitude',
        long: 'Longitude',
        location: 'Location',
        manager: 'Manager',
        open_time: 'Opening Time',
        close_time: 'Closing Time',
        file: 'Image',
        services: 'Services',
        service: 'Service',
        status: 'Status',
        created_at: 'Created Date',
      },
      action: {
        create: 'Add Facility Center',
      },
      page: {
        list: 'Facility Centers',
        create: 'Add Facility Center',
        edit: 'Edit Facility Center',
        show: 'Facility Center',
      },
      place: 'Place',
      position: 'Position',
      open_map: 'open the map',
      hours: 'Opening Hours',
      validation: {
        title_required: 'Please provide a title.',
        latitude: 'Please provide a valid latitude',
        longitude: 'Please provide a valid longitude',
        phone: 'Please provide a number of exactly 11 digits.',
        location_required: 'Please provide a location.',
        manager_required: 'Please provide a manager.',
        open_required: 'Please provide an opening time.',
        close_required: 'Please provide a closing time.',
        close_after_open: 'The closing time must be after the opening time.',
        services_required: 'Please add at least one service.',
        service_required: 'Please provide a service.',
        file_format: 'File format not supported. JPG/JPEG/PNG',
        file_required: 'Please select an image.',
      },
    },
    feedbacks: {
      name: 'Feedback |||| Feedback',
      fields: {
        user: 'User Name',
        doctor: 'Doctor Name',
        msg: 'Message',
        rating: 'Rating',
        dated_at: 'Dated',
        status: 'Status',
        note: 'Staff Note',
        created_at: 'Created Date',
      },
      page: {
        list: 'Feedback',
        edit: 'Review Feedback',
        show: 'Feedback',
      },
      stars: 'Rating: %{smart_count} out of 5',
      statuses: {
        New: 'New',
        Reviewed: 'Reviewed',
      },
      note_help: 'What staff did about it; the patient does not see this.',
      validation: {
        status_required: 'Please select a status.',
      },
    },
    supports: {
      name: 'Support Request |||| Support Requests',
      fields: {
        id: 'ID',
        user: 'User Name',
        msg: 'Message',
        status: 'Status',
        reply: 'Reply',
        created_at: 'Created Date',
      },
      page: {
        list: 'Support',
        edit: 'Answer Support Request',
        show: 'Support Request',
      },
      statuses: {
        Open: 'Open',
        Resolved: 'Resolved',
      },
      kinds: {
        patient: 'Patient',
        chw: 'CHW',
        doctor: 'Doctor',
        family: 'Family member',
      },
      no_reply: 'Not answered yet.',
      reply_help: 'The user sees this reply in the app.',
      validation: {
        status_required: 'Please select a status.',
      },
    },
  },
} satisfies Messages;

export default facilities;
