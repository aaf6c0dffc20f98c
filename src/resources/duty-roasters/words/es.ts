import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The duty-roasters module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'duty-roasters': {
      name: 'Turno |||| Turnos',
      fields: {
        doctor_id: 'Médico',
        label: 'Nombre',
        dates: 'Fechas',
        first_date: 'Primera fecha',
        s_time: 'Hora',
        e_time: 'Hora hasta',
        session: 'Sesión (minutos)',
        charge: 'Tarifa por minuto',
        total_fee: 'Tarifa total',
        time_from: 'Hora desde',
      },
      page: {
        list: 'Turnos',
      },
      editor: {
        title: 'Programar horario de trabajo',
        previous_month: 'Mes anterior',
        next_month: 'Mes siguiente',
        select_weekday: 'Elegir todos los %{day} del mes',
        day_scheduled: '%{day}, ya programado',
        chosen: '%{smart_count} fecha elegida |||| %{smart_count} fechas elegidas',
        legend_chosen: 'Elegida',
        legend_scheduled: 'Ya programada',
        clear: 'Borrar fechas',
        session_disabled: 'Se habilita cuando el rango horario es de al menos 10 minutos.',
        fee_help: 'Sesión × tarifa por minuto',
        preview: 'Franjas que se guardarán',
        preview_day: 'Franjas de cada día elegido',
        preview_empty: 'Elija la hora desde, la hora hasta y una sesión para ver las franjas.',
        remainder: '%{from}–%{to} es más corto que una sesión y se omite.',
        preview_summary: '%{slots} franjas por día × %{dates} fechas = %{total} franjas',
        save: 'Guardar horario de trabajo',
        stored: 'Franjas guardadas de %{month}',
        legend: 'Las franjas disponibles y canceladas se pueden reservar; las reservadas y apartadas no están disponibles.',
        no_slots: 'No hay franjas guardadas en este mes.',
        open: 'Se puede reservar',
        unavailable: 'No disponible',
        schedules: 'Horarios',
      },
      status: {
        Available: 'Disponible',
        Cancelled: 'Cancelada',
        Booked: 'Reservada',
        Reserved: 'Apartada',
      },
      validation: {
        from_required: 'Indique una hora de inicio.',
        to_required: 'Indique una hora de fin.',
        order: 'La hora de fin debe ser posterior a la de inicio.',
        session: 'Indique una sesión de al menos 10 minutos.',
        too_short: 'El rango horario debe abarcar al menos una sesión.',
        charge: 'Indique una tarifa de al menos 1 por minuto.',
        charge_step: 'Indique la tarifa en pasos de 0,1.',
        dates: 'Elija las fechas.',
      },
    },
  },
} satisfies Translation<typeof en>;
