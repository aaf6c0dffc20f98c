import type { Messages } from '../messages';

/** Words the patient, family and CHW screens share, and the locations import (a module's own words are in src/resources/<name>/words/), Português (BR): merged into pt.ts. */
const people = {
  app: {
    person: { age_from_dob: 'Calculada a partir da data de nascimento.', country_search: 'Digite para procurar o país.' },
    account: { keep_password: 'Deixe em branco para manter a senha atual. Uma nova senha encerra a sessão da pessoa no aplicativo.' },
    auth: { reset_success_app: 'Sua senha foi alterada. Entre no aplicativo com a nova senha.' },
    import: {
      menu: 'Importar locais',
      title: 'Importar locais',
      intro:
        'Adicione muitos distritos, tehsils e áreas VC de uma vez a partir de um arquivo CSV com estas colunas. Verifique o arquivo primeiro: cada linha com problema é listada com seu número, e nada é gravado até que o arquivo inteiro esteja correto.',
      template: 'Baixar um modelo',
      choose: 'Escolher arquivo CSV',
      no_file: 'Nenhum arquivo escolhido',
      check: 'Verificar',
      import: 'Importar',
      working: 'Processando…',
      done: 'Importados %{districts} distritos, %{tehsils} tehsils e %{areas} áreas VC de %{rows} linhas.',
      ready: 'As %{rows} linhas estão prontas: serão adicionados %{districts} distritos, %{tehsils} tehsils e %{areas} áreas VC.',
      problems: '1 linha precisa ser corrigida antes de importar. |||| %{smart_count} linhas precisam ser corrigidas antes de importar.',
      problems_table: 'Linhas a corrigir',
      line: 'Linha',
      problem: 'Problema',
    },
    layout: { paths: { locations: 'Locais', import: 'Importar' } },
    validation: {
      age_required: 'Informe uma idade.',
      relation_required: 'Selecione um parentesco.',
      qualification_required: 'Selecione uma qualificação',
      district_select: 'Selecione um distrito',
      tehsil_select: 'Selecione um tehsil',
      area_select: 'Selecione um VC',
    },
    marital_status: {
      Married: 'Casado(a)',
      Unmarried: 'Solteiro(a)',
      Divorced: 'Divorciado(a)',
      Separated: 'Separado(a)',
    },
    relation: {
      Father: 'Pai',
      Mother: 'Mãe',
      Wife: 'Esposa',
      Son: 'Filho',
      Daughter: 'Filha',
      Brother: 'Irmão',
      Sister: 'Irmã',
    },
    filter: {
      all_districts: 'Todos os distritos',
    },
  },
} satisfies Messages;

export default people;
