import type { Messages } from '../messages';

/** The app bar's search and the form machinery's extras (dependent selects, save and add another), Español: merged into es.ts. */
const daily = {
  app: {
    confirm: {
      keep: 'Mantener',
      this_record: 'este registro',
      delete_title: '¿Eliminar %{name}?',
      block_title: '¿Bloquear a %{name}?',
      unblock_title: '¿Desbloquear a %{name}?',
    },
    filter: {
      district: 'Distrito',
      tehsil: 'Tehsil',
      blood_group: 'Grupo sanguíneo',
      doctor: 'Médico',
      specialization: 'Especialidad',
      saved: 'Filtros guardados',
    },
    search: {
      open: 'Buscar',
      placeholder: 'Pacientes, médicos, ACS, administradores, campañas, formularios',
      hint: 'Escriba al menos dos caracteres: un nombre, un teléfono, un CNIC o un título.',
      no_results: 'No se encontró nada para «%{q}».',
      more: 'Todos los resultados en %{list}',
      failed: 'La búsqueda falló. Inténtelo de nuevo.',
      results: 'Resultados de la búsqueda',
    },
    form: {
      choose_district_first: 'Elija primero un distrito',
      choose_tehsil_first: 'Elija primero un tehsil',
    },
    action: {
      save_and_add: 'Guardar y añadir otro',
    },
    notification: {
      added_named: '%{name} añadido.',
    },
  },
} satisfies Messages;

export default daily;
