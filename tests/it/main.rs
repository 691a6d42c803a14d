//! The playground's native integration tests, in one binary (`cargo test`): the lessons' golden
//! transcripts, the driver's interventions, hostile links, the view model, the rule
//! map. The engine's own rules, boundaries and property test are in `engine/tests/it`.
//! Lesson tests are named `lessonN_...`; a test named after a rule starts with its id
//! (`m4_...`), so `cargo test m4_` runs the tests of one rule.

// The engine tests' team and reply helpers, shared with the tests here that drive a team.
#[path = "../../engine/tests/it/harness.rs"]
mod harness;
mod support;

mod caption_facts;
mod challenges;
mod checkpoints;
mod checkpoints_walk;
mod chinese_all_the_way;
mod code_size;
mod compare;
mod door;
mod driver_interventions;
mod engine_timeline;
mod export;
mod first_view;
#[cfg(not(target_arch = "wasm32"))]
mod floors;
mod fork_form;
mod host_code;
mod hostile_links;
mod keep_work;
mod key_steps;
mod lesson1_two_investigators;
mod lesson2_drain_loses_mail;
mod lesson3_lock_scope;
mod lesson4_coder_and_reviewer;
mod lesson5_shutdown_handshake;
mod lesson6_plan_approval;
mod lesson7_limits_and_budgets;
mod lesson8_restart_and_recall;
mod lesson_all;
mod lessons_bilingual;
mod lessons_branches;
mod lessons_language;
mod lessons_run;
mod lessons_stress;
mod lessons_toggles;
mod newcomer;
mod next_choices;
mod on_screen;
mod play_options_json;
mod playhead;
mod providers_codec;
mod providers_connection;
mod providers_live;
#[cfg(not(target_arch = "wasm32"))]
mod rule_map;
mod scenario;
mod scenario_authoring;
mod scenario_challenges;
mod scenario_checkpoints;
mod scenario_edit_checkpoints;
mod scorm;
#[cfg(not(target_arch = "wasm32"))]
mod share_links;
mod story;
mod subject;
