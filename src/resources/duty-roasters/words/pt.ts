import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The duty-roasters module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'duty-roasters': {
      name: 'Escala |||| Escalas',
      fields: {
        doctor_id: 'Médico',
        label: 'Nome',
        dates: 'Datas',
        first_date: 'Primeira data',
        s_time: 'Horário',
        e_time: 'Horário até',
        session: 'Sessão (minutos)',
        charge: 'Valor por minuto',
        total_fee: 'Valor total',
        time_from: 'Hora inicial',
      },
      page: {
        list: 'Escalas',
      },
      editor: {
        title: 'Agendar horário de trabalho',
        previous_month: 'Mês anterior',
        next_month: 'Próximo mês',
        select_weekday: 'Escolher todas as datas de %{day} do mês',
        day_scheduled: '%{day}, já agendado',
        chosen: '%{smart_count} data escolhida |||| %{smart_count} datas escolhidas',
        legend_chosen: 'Escolhida',
        legend_scheduled: 'Já agendada',
        clear: 'Limpar datas',
        session_disabled: 'Habilitado quando o intervalo tiver pelo menos 10 minutos.',
        fee_help: 'Sessão × valor por minuto',
        preview: 'Horários a salvar',
        preview_day: 'Horários de cada dia escolhido',
        preview_empty: 'Escolha a hora inicial, a hora final e uma sessão para ver os horários.',
        remainder: '%{from}–%{to} é mais curto que uma sessão e fica de fora.',
        preview_summary: '%{slots} horários por dia × %{dates} datas = %{total} horários',
        save: 'Salvar horário de trabalho',
        stored: 'Horários salvos de %{month}',
        legend: 'Horários disponíveis e cancelados podem ser agendados; agendados e reservados ficam indisponíveis.',
        no_slots: 'Nenhum horário salvo neste mês.',
        open: 'Pode ser agendado',
        unavailable: 'Indisponível',
        schedules: 'Escalas',
      },
      status: {
        Available: 'Disponível',
        Cancelled: 'Cancelado',
        Booked: 'Agendado',
        Reserved: 'Reservado',
      },
      validation: {
        from_required: 'Informe a hora inicial.',
        to_required: 'Informe a hora final.',
        order: 'A hora final deve ser depois da hora inicial.',
        session: 'Informe uma sessão de no mínimo 10 minutos.',
        too_short: 'O intervalo deve comportar pelo menos uma sessão.',
        charge: 'Informe um valor de pelo menos 1 por minuto.',
        charge_step: 'Informe o valor em passos de 0,1.',
        dates: 'Escolha as datas.',
      },
    },
  },
} satisfies Translation<typeof en>;
