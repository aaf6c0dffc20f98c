import type { Messages } from '../messages';

/** The app bar's search and the form machinery's extras (dependent selects, save and add another), Português: merged into pt.ts. */
const daily = {
  app: {
    confirm: {
      keep: 'Manter',
      this_record: 'este registro',
      delete_title: 'Excluir %{name}?',
      block_title: 'Bloquear %{name}?',
      unblock_title: 'Desbloquear %{name}?',
    },
    filter: {
      district: 'Distrito',
      tehsil: 'Tehsil',
      blood_group: 'Tipo sanguíneo',
      doctor: 'Médico',
      specialization: 'Especialidade',
      saved: 'Filtros salvos',
    },
    search: {
      open: 'Pesquisar',
      placeholder: 'Pacientes, médicos, ACS, administradores, campanhas, formulários',
      hint: 'Digite pelo menos dois caracteres: um nome, um telefone, um CNIC ou um título.',
      no_results: 'Nada encontrado para “%{q}”.',
      more: 'Todos os resultados em %{list}',
      failed: 'A pesquisa falhou. Tente novamente.',
      results: 'Resultados da pesquisa',
    },
    form: {
      choose_district_first: 'Escolha primeiro um distrito',
      choose_tehsil_first: 'Escolha primeiro um tehsil',
    },
    action: {
      save_and_add: 'Salvar e adicionar outro',
    },
    notification: {
      added_named: '%{name} adicionado.',
    },
  },
} satisfies Messages;

export default daily;
