import type { Messages } from '../../../i18n/messages';

/** The facility-centers module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
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
        phone: 'Please provide a number atleast 11 digits.',
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
  },
} satisfies Messages;

export default words;
