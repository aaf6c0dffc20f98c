import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointments module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    appointments: {
      name: 'Consulta |||| Consultas',
      fields: {
        date: 'Data',
        doctor_id: 'Médico',
        patient_id: 'Paciente',
        status: 'Situação',
        scheduled: 'Agendada',
        booking_for: 'Agendada para',
        disease: 'Detalhe da doença',
        detail: 'Observação',
        cancel_reason: 'Motivo', request_id: 'Solicitação',
      },
      action: {
        cancel: 'Cancelar', complete: 'Concluir', reschedule: 'Remarcar',
      },
      page: {
        list: 'Consultas',
        show: 'Detalhe da consulta',
      },
      status: {
        Booked: 'Agendada',
        Completed: 'Concluída',
        Cancelled: 'Cancelada',
      },
      cancel_title: 'Por que esta consulta é cancelada?',
      book: { button: 'Marcar consulta', title: 'Marcar uma consulta', previous_month: 'Mês anterior', next_month: 'Próximo mês', day_open: '%{day}: %{smart_count} horário livre |||| %{day}: %{smart_count} horários livres', day_closed: '%{day}: nenhum horário livre', slots_failed: 'Não foi possível ler os horários livres. Tente novamente.', no_slots_month: 'Nenhum horário livre neste mês: tente o próximo.', slots_of: 'Horários livres em %{day}', choose_day: 'Escolha um dia com horários livres.', booked: 'Marcada para %{day} às %{time}.', for_request: 'Solicitação nº %{number}: %{detail}', for_whom: 'Para', self: '%{name} (titular)', specialization: 'Especialidade', choose_specialization_first: 'Escolha primeiro uma especialidade', no_doctors: 'Nenhum médico ativo tem esta especialidade.', summary: '%{day}, %{time}', keep: 'Fechar', confirm: 'Marcar' },
      complete: { done: 'A consulta foi concluída.', title: 'Marcar esta consulta como concluída?', text: '%{name} foi atendido pelo Dr. %{doctor}. Uma consulta concluída não pode mais mudar.', keep: 'Manter marcada', confirm: 'Marcar como concluída' },
      reschedule: { title: 'Remarcar a consulta', now: '%{name}, agora em %{day}, %{time}. Escolha outro horário livre.', keep: 'Manter este horário', confirm: 'Mover para cá', done: 'Movida para %{day} às %{time}.' },
      cancel: { done: 'A consulta foi cancelada e o horário está livre novamente.', keep: 'Mantê-la', confirm: 'Cancelar a consulta' },
      dr: 'Dr. %{name}',
      self: 'Para si',
      years: '%{age} anos',
    },
  },
} satisfies Translation<typeof en>;
