import { createResourceTable, type DialectMigration, dropResourceTable, idColumn, notNull } from './helpers';

/**
 * Programme work (spec 3): campaigns, survey forms with their questions and the field app's
 * submissions, tasks for CHWs with each CHW's status, and messages to patients with their resolved
 * recipients. Health literacy items are created here because tasks and messages point at them; their
 * screens come with the content module. Patients gain a place (district › tehsil) and interests, which
 * is what a message's recipients are chosen by.
 *
 * Questions of a form are never rewritten under their answers: an edit that changes or removes an
 * answered question retires it (`retired_at`) and adds a new one, and the form's `version` goes up.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('patient_profiles').addColumn('district_id', 'integer', (c) => c.references('districts.id')).execute();
    await db.schema.alterTable('patient_profiles').addColumn('tehsil_id', 'integer', (c) => c.references('tehsils.id')).execute();
    await db.schema.createIndex('patient_profiles_tehsil_idx').on('patient_profiles').column('tehsil_id').execute();
    await db.schema
      .createTable('patient_interests')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('interest_id', 'integer', (c) => c.notNull().references('interests.id'))
      .addPrimaryKeyConstraint('patient_interests_pk', ['user_id', 'interest_id'])
      .execute();
    await db.schema.createIndex('patient_interests_interest_idx').on('patient_interests').columns(['interest_id', 'user_id']).execute();

    await createResourceTable(
      db,
      dialect,
      'health_literacy_contents',
      (t) =>
        t
          .addColumn('title', 'text', notNull)
          .addColumn('type', 'text', notNull)
          .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
          .addColumn('tags', 'text', notNull)
          .addColumn('desc', 'text', notNull)
          .addColumn('file', 'text', notNull)
          .addColumn('thumbnail', 'text')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_by', 'integer'),
      { search: ['title', 'tags'] },
    );

    await createResourceTable(
      db,
      dialect,
      'campaigns',
      (t) =>
        t
          .addColumn('title', 'text', notNull)
          .addColumn('start_date', 'text', notNull)
          .addColumn('end_date', 'text', notNull)
          .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
          .addColumn('tehsil_id', 'integer', (c) => c.notNull().references('tehsils.id'))
          .addColumn('file', 'text', notNull)
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_by', 'integer'),
      { search: ['title'] },
    );
    await db.schema.createIndex('campaigns_district_idx').on('campaigns').columns(['district_id', 'start_date']).execute();

    await createResourceTable(
      db,
      dialect,
      'dynamic_forms',
      (t) =>
        t
          .addColumn('title', 'text', notNull)
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('submissions_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_by', 'integer'),
      { search: ['title'] },
    );
    await idColumn(db.schema.createTable('form_questions'), dialect)
      .addColumn('form_id', 'integer', (c) => c.notNull().references('dynamic_forms.id').onDelete('cascade'))
      .addColumn('title', 'text', notNull)
      .addColumn('type', 'text', notNull)
      .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('options', 'text', notNull)
      .addColumn('position', 'integer', notNull)
      .addColumn('version', 'integer', notNull)
      .addColumn('retired_at', 'text')
      .execute();
    await db.schema.createIndex('form_questions_form_idx').on('form_questions').columns(['form_id', 'position']).execute();

    await createResourceTable(
      db,
      dialect,
      'tasks',
      (t) =>
        t
          .addColumn('title', 'text', notNull)
          .addColumn('type', 'text', notNull)
          .addColumn('survey_id', 'integer', (c) => c.references('dynamic_forms.id'))
          .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id'))
          .addColumn('knowledge_id', 'integer', (c) => c.references('health_literacy_contents.id'))
          .addColumn('note', 'text')
          .addColumn('s_date', 'text', notNull)
          .addColumn('e_date', 'text', notNull)
          .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
          .addColumn('tehsil_id', 'integer', (c) => c.notNull().references('tehsils.id'))
          .addColumn('desc', 'text')
          .addColumn('file', 'text', notNull)
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_by', 'integer'),
      { search: ['title'] },
    );
    for (const column of ['survey_id', 'campaign_id', 'knowledge_id', 'district_id']) {
      await db.schema.createIndex(`tasks_${column}_idx`).on('tasks').column(column).execute();
    }
    await db.schema
      .createTable('task_assignees')
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
      .addColumn('desc', 'text')
      .addColumn('updated_at', 'text', notNull)
      .addPrimaryKeyConstraint('task_assignees_pk', ['task_id', 'user_id'])
      .execute();
    await db.schema.createIndex('task_assignees_user_idx').on('task_assignees').columns(['user_id', 'task_id']).execute();

    await idColumn(db.schema.createTable('form_submissions'), dialect)
      .addColumn('form_id', 'integer', (c) => c.notNull().references('dynamic_forms.id'))
      .addColumn('task_id', 'integer', (c) => c.references('tasks.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('client_id', 'text', notNull)
      .addColumn('form_version', 'integer', notNull)
      .addColumn('submitted_at', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .addUniqueConstraint('form_submissions_client_unique', ['user_id', 'client_id'])
      .execute();
    await db.schema.createIndex('form_submissions_form_idx').on('form_submissions').columns(['form_id', 'id']).execute();
    await db.schema.createIndex('form_submissions_task_idx').on('form_submissions').column('task_id').execute();
    await db.schema
      .createTable('form_answers')
      .addColumn('submission_id', 'integer', (c) => c.notNull().references('form_submissions.id').onDelete('cascade'))
      .addColumn('question_id', 'integer', (c) => c.notNull().references('form_questions.id'))
      .addColumn('value', 'text', notNull)
      .addPrimaryKeyConstraint('form_answers_pk', ['submission_id', 'question_id'])
      .execute();
    await db.schema.createIndex('form_answers_question_idx').on('form_answers').column('question_id').execute();

    await createResourceTable(
      db,
      dialect,
      'user_messages',
      (t) =>
        t
          .addColumn('type', 'text', notNull)
          .addColumn('title', 'text', notNull)
          .addColumn('survey_id', 'integer', (c) => c.references('dynamic_forms.id'))
          .addColumn('knowledge_id', 'integer', (c) => c.references('health_literacy_contents.id'))
          .addColumn('text', 'text')
          .addColumn('from_age', 'integer')
          .addColumn('to_age', 'integer')
          .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
          .addColumn('tehsil_id', 'integer', (c) => c.notNull().references('tehsils.id'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('total_users', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_by', 'integer'),
      { search: ['title'] },
    );
    await db.schema
      .createTable('user_message_interests')
      .addColumn('message_id', 'integer', (c) => c.notNull().references('user_messages.id').onDelete('cascade'))
      .addColumn('interest_id', 'integer', (c) => c.notNull().references('interests.id'))
      .addPrimaryKeyConstraint('user_message_interests_pk', ['message_id', 'interest_id'])
      .execute();
    await db.schema.createIndex('user_message_interests_interest_idx').on('user_message_interests').column('interest_id').execute();
    await db.schema
      .createTable('user_message_recipients')
      .addColumn('message_id', 'integer', (c) => c.notNull().references('user_messages.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('is_view', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
      .addColumn('submitted_date', 'text')
      .addColumn('created_at', 'text', notNull)
      .addPrimaryKeyConstraint('user_message_recipients_pk', ['message_id', 'user_id'])
      .execute();
    await db.schema.createIndex('user_message_recipients_user_idx').on('user_message_recipients').columns(['user_id', 'message_id']).execute();
  },
  async down(db, dialect) {
    for (const table of ['user_message_recipients', 'user_message_interests']) await db.schema.dropTable(table).execute();
    await dropResourceTable(db, dialect, 'user_messages');
    for (const table of ['form_answers', 'form_submissions', 'task_assignees']) await db.schema.dropTable(table).execute();
    await dropResourceTable(db, dialect, 'tasks');
    await db.schema.dropTable('form_questions').execute();
    await dropResourceTable(db, dialect, 'dynamic_forms');
    await dropResourceTable(db, dialect, 'campaigns');
    await dropResourceTable(db, dialect, 'health_literacy_contents');
    await db.schema.dropTable('patient_interests').execute();
    await db.schema.dropIndex('patient_profiles_tehsil_idx').execute();
    await db.schema.alterTable('patient_profiles').dropColumn('tehsil_id').execute();
    await db.schema.alterTable('patient_profiles').dropColumn('district_id').execute();
  },
};
