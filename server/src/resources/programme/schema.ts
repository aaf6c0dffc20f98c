import type { Generated } from 'kysely';

/** The tables of migration 0014_programme: campaigns, survey forms and submissions, tasks, messages, health literacy items, patients' places and interests. */
declare module '../../db/schema' {
  interface Database {
    patient_interests: { user_id: number; interest_id: number };
    health_literacy_contents: {
      id: Generated<number>;
      title: string;
      type: string;
      category_id: number;
      tags: string;
      desc: string;
      file: string;
      thumbnail: string | null;
      status: Generated<number>;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    campaigns: {
      id: Generated<number>;
      title: string;
      start_date: string;
      end_date: string;
      district_id: number;
      tehsil_id: number;
      file: string;
      status: Generated<number>;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    dynamic_forms: {
      id: Generated<number>;
      title: string;
      status: Generated<number>;
      version: Generated<number>;
      submissions_count: Generated<number>;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    form_questions: {
      id: Generated<number>;
      form_id: number;
      title: string;
      type: string;
      is_required: number;
      /** JSON list of option titles */
      options: string;
      position: number;
      /** the form version that added it */
      version: number;
      retired_at: string | null;
    };
    form_submissions: {
      id: Generated<number>;
      form_id: number;
      task_id: number | null;
      user_id: number;
      client_id: string;
      form_version: number;
      submitted_at: string;
      created_at: string;
    };
    form_answers: { submission_id: number; question_id: number; value: string };
    tasks: {
      id: Generated<number>;
      title: string;
      type: string;
      survey_id: number | null;
      campaign_id: number | null;
      knowledge_id: number | null;
      note: string | null;
      s_date: string;
      e_date: string;
      district_id: number;
      tehsil_id: number;
      desc: string | null;
      file: string;
      status: Generated<number>;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    task_assignees: { task_id: number; user_id: number; status: Generated<string>; desc: string | null; updated_at: string };
    user_messages: {
      id: Generated<number>;
      type: string;
      title: string;
      survey_id: number | null;
      knowledge_id: number | null;
      text: string | null;
      from_age: number | null;
      to_age: number | null;
      district_id: number;
      tehsil_id: number;
      status: Generated<number>;
      total_users: Generated<number>;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    user_message_interests: { message_id: number; interest_id: number };
    user_message_recipients: {
      message_id: number;
      user_id: number;
      is_view: Generated<number>;
      status: Generated<string>;
      submitted_date: string | null;
      created_at: string;
    };
  }
}
