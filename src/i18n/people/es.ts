import type { Messages } from '../messages';

/** Words the patient, family and CHW screens share, and the locations import (a module's own words are in src/resources/<name>/words/), Español: merged into es.ts. */
const people = {
  app: {
    person: { age_from_dob: 'Calculada a partir de la fecha de nacimiento.', country_search: 'Escriba para buscar el país.' },
    account: { keep_password: 'Déjelo vacío para conservar la contraseña actual. Una contraseña nueva cierra la sesión de la persona en la app.' },
    auth: { reset_success_app: 'Su contraseña se ha cambiado. Inicie sesión en la aplicación con la nueva contraseña.' },
    import: {
      menu: 'Importar ubicaciones',
      title: 'Importar ubicaciones',
      intro:
        'Añada muchos distritos, tehsils y zonas VC a la vez desde un archivo CSV con estas columnas. Compruebe primero el archivo: cada fila con un problema aparece con su número de línea y no se guarda nada hasta que todo el archivo sea correcto.',
      template: 'Descargar una plantilla',
      choose: 'Elegir archivo CSV',
      no_file: 'Ningún archivo elegido',
      check: 'Comprobar',
      import: 'Importar',
      working: 'Procesando…',
      done: 'Importados %{districts} distritos, %{tehsils} tehsils y %{areas} zonas VC de %{rows} filas.',
      ready: 'Las %{rows} filas están listas: se añadirán %{districts} distritos, %{tehsils} tehsils y %{areas} zonas VC.',
      problems: '1 fila debe corregirse antes de importar nada. |||| %{smart_count} filas deben corregirse antes de importar nada.',
      problems_table: 'Filas por corregir',
      line: 'Línea',
      problem: 'Problema',
    },
    layout: { paths: { locations: 'Ubicaciones', import: 'Importar' } },
    validation: {
      age_required: 'Indique una edad.',
      relation_required: 'Seleccione un parentesco.',
      qualification_required: 'Seleccione una titulación',
      district_select: 'Seleccione un distrito',
      tehsil_select: 'Seleccione un tehsil',
      area_select: 'Seleccione un VC',
    },
    marital_status: {
      Married: 'Casado/a',
      Unmarried: 'Soltero/a',
      Divorced: 'Divorciado/a',
      Separated: 'Separado/a',
    },
    relation: {
      Father: 'Padre',
      Mother: 'Madre',
      Wife: 'Esposa',
      Son: 'Hijo',
      Daughter: 'Hija',
      Brother: 'Hermano',
      Sister: 'Hermana',
    },
    filter: {
      all_districts: 'Todos los distritos',
    },
  },
} satisfies Messages;

export default people;
