import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointments module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    appointments: {
      name: 'Cita |||| Citas',
      fields: {
        date: 'Fecha',
        doctor_id: 'Médico',
        patient_id: 'Paciente',
        status: 'Estado',
        scheduled: 'Programada',
        booking_for: 'Reservada para',
        disease: 'Detalle de la enfermedad',
        detail: 'Nota',
        cancel_reason: 'Motivo', request_id: 'Solicitud',
      },
      action: {
        cancel: 'Cancelar', complete: 'Completar', reschedule: 'Reprogramar',
      },
      page: {
        list: 'Citas',
        show: 'Detalle de la cita',
      },
      status: {
        Booked: 'Reservada',
        Completed: 'Completada',
        Cancelled: 'Cancelada',
      },
      cancel_title: '¿Por qué se cancela esta cita?',
      book: { button: 'Reservar cita', title: 'Reservar una cita', previous_month: 'Mes anterior', next_month: 'Mes siguiente', day_open: '%{day}: %{smart_count} hora libre |||| %{day}: %{smart_count} horas libres', day_closed: '%{day}: ninguna hora libre', slots_failed: 'No se pudieron leer las horas libres. Inténtelo de nuevo.', no_slots_month: 'No hay horas libres este mes: pruebe el siguiente.', slots_of: 'Horas libres el %{day}', choose_day: 'Elija un día con horas libres.', booked: 'Reservada para el %{day} a las %{time}.', for_request: 'Solicitud n.º %{number}: %{detail}', for_whom: 'Para', self: '%{name} (titular)', specialization: 'Especialidad', choose_specialization_first: 'Elija primero una especialidad', no_doctors: 'Ningún médico activo tiene esta especialidad.', summary: '%{day}, %{time}', keep: 'Cerrar', confirm: 'Reservar' },
      complete: { done: 'La cita está completada.', title: '¿Marcar esta cita como completada?', text: '%{name} fue atendido por el Dr. %{doctor}. Una cita completada ya no puede cambiar.', keep: 'Dejarla reservada', confirm: 'Marcar completada' },
      reschedule: { title: 'Reprogramar la cita', now: '%{name}, ahora el %{day}, %{time}. Elija otra hora libre.', keep: 'Mantener esta hora', confirm: 'Mover aquí', done: 'Movida al %{day} a las %{time}.' },
      cancel: { done: 'La cita está cancelada y su hora vuelve a estar libre.', keep: 'Mantenerla', confirm: 'Cancelar la cita' },
      dr: 'Dr. %{name}',
      self: 'Para sí',
      years: '%{age} años',
    },
  },
} satisfies Translation<typeof en>;
