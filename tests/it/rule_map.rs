//! Keeps the rules and their map true: `docs/RULES.md` states exactly the 30 rules of the spec,
//! and the `## Rule map` table at the end of `ARCHITECTURE.md` has a row per rule whose
//! functions exist in the files it names, whose native tests exist (and include every test named
//! after the rule), whose end-to-end tests exist, and whose lessons are exactly the catalog
//! entries that list the rule.
//!
//! Table cells hold backticked tokens. Functions column: a token with `/` that ends in `.rs` is
//! a file; the names after it (`name` or `Type::name`) are functions in that file. End-to-end
//! column: a token ending in `.spec.ts` is a spec file under `tests/e2e/`; the tokens after it
//! are test-title prefixes in it. `—` (no token) means none.
//!
//! Separately, every rule is asserted from the screen: some test in `tests/e2e/*.spec.ts` has a
//! title whose prefix (the capitalised ids before its first `:`, as in `M4 M5: ...`) names it,
//! and no title prefix names an id that is not a rule.

use agent_team_playground::lessons;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rule ids of the spec (`../shared/SPEC.md`), in its order.
const RULE_IDS: [&str; 30] = [
    "T1", "T2", "T3", "T4", "T5", "T6", //
    "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", //
    "L1", "L2", "L3", "L4", //
    "P1", "P2", "P3", "P4", "P5", //
    "D1", "D2", "D3", //
    "K1", "K2", "K3",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative))
        .unwrap_or_else(|e| panic!("cannot read {relative}: {e}"))
}

fn is_rule_id(text: &str) -> bool {
    let mut chars = text.chars();
    matches!(chars.next(), Some('T' | 'M' | 'L' | 'P' | 'D' | 'K'))
        && chars.clone().next().is_some()
        && chars.all(|c| c.is_ascii_digit())
}

/// The ids RULES.md states, from paragraphs that start with `**<id>.`, in order.
fn ids_in_rules_md(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix("**"))
        .filter_map(|rest| rest.split_once('.'))
        .map(|(id, _)| id.to_string())
        .filter(|id| is_rule_id(id))
        .collect()
}

/// The backticked tokens of a table cell.
fn tokens(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

struct Row {
    functions: String,
    native: Vec<String>,
    e2e: String,
    lessons: Vec<String>,
}

/// The rows of the `## Rule map` table, by rule id. Duplicate ids are reported in `problems`.
fn rule_map(architecture: &str, problems: &mut Vec<String>) -> BTreeMap<String, Row> {
    let section = architecture
        .split_once("\n## Rule map")
        .map(|(_, rest)| rest)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no '## Rule map' section"));
    let section = section.split("\n## ").next().unwrap_or(section);
    let mut rows = BTreeMap::new();
    for line in section.lines().filter(|l| l.trim_start().starts_with('|')) {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        let Some(id) = cells.first().filter(|id| is_rule_id(id)) else {
            continue;
        };
        if cells.len() != 5 {
            problems.push(format!(
                "{id}: its row in the rule map has {} cells, not 5",
                cells.len()
            ));
            continue;
        }
        let row = Row {
            functions: cells[1].to_string(),
            native: tokens(cells[2]).into_iter().map(str::to_string).collect(),
            e2e: cells[3].to_string(),
            lessons: tokens(cells[4]).into_iter().map(str::to_string).collect(),
        };
        if rows.insert(id.to_string(), row).is_some() {
            problems.push(format!("{id}: has two rows in the rule map"));
        }
    }
    rows
}

/// Does `text` define `fn name` (followed by `(` or `<`)?
fn defines_fn(text: &str, name: &str) -> bool {
    let needle = format!("fn {name}");
    text.match_indices(&needle)
        .any(|(at, _)| matches!(text[at + needle.len()..].chars().next(), Some('(' | '<')))
}

/// Does `text` have an inherent `impl Type` block (generic or not)?
fn has_impl(text: &str, ty: &str) -> bool {
    let needle = format!("impl {ty}");
    text.match_indices(&needle).any(|(at, _)| {
        matches!(
            text[at + needle.len()..].chars().next(),
            Some(' ' | '<' | '{')
        )
    })
}

/// Checks the functions cell of `id`: every name is defined in the file named before it.
fn check_functions(id: &str, cell: &str, problems: &mut Vec<String>) {
    let mut file: Option<(String, String)> = None;
    let mut named = 0;
    for token in tokens(cell) {
        if token.ends_with(".rs") && token.contains('/') {
            match std::fs::read_to_string(root().join(token)) {
                Ok(text) => file = Some((token.to_string(), text)),
                Err(_) => {
                    problems.push(format!(
                        "{id}: the rule map names {token}, which does not exist"
                    ));
                    file = None;
                }
            }
            continue;
        }
        named += 1;
        let Some((path, text)) = &file else {
            problems.push(format!(
                "{id}: function `{token}` is not preceded by an existing file"
            ));
            continue;
        };
        let (ty, name) = match token.rsplit_once("::") {
            Some((ty, name)) => (Some(ty), name),
            None => (None, token),
        };
        if !defines_fn(text, name) {
            problems.push(format!(
                "{id}: {path} has no `fn {name}` (named as `{token}`)"
            ));
        }
        if let Some(ty) = ty {
            if !has_impl(text, ty) {
                problems.push(format!(
                    "{id}: {path} has no `impl {ty}` block (for `{token}`)"
                ));
            }
        }
    }
    if named == 0 {
        problems.push(format!(
            "{id}: the rule map names no function that enforces it"
        ));
    }
}

/// Checks the end-to-end cell of `id`: every spec exists and has a test with each title prefix.
fn check_e2e(id: &str, cell: &str, problems: &mut Vec<String>) {
    let mut spec: Option<(String, String)> = None;
    for token in tokens(cell) {
        if token.ends_with(".spec.ts") {
            let path = format!("tests/e2e/{token}");
            match std::fs::read_to_string(root().join(&path)) {
                Ok(text) => spec = Some((path, text)),
                Err(_) => {
                    problems.push(format!(
                        "{id}: the rule map names {path}, which does not exist"
                    ));
                    spec = None;
                }
            }
            continue;
        }
        let Some((path, text)) = &spec else {
            problems.push(format!(
                "{id}: e2e title `{token}` is not preceded by an existing spec file"
            ));
            continue;
        };
        if !text.contains(&format!("test('{token}")) {
            problems.push(format!(
                "{id}: {path} has no test whose title starts with '{token}'"
            ));
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {dir:?}: {e}"));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `fn <name>(` in the native integration tests (`tests/it/**/*.rs`, `engine/tests/**/*.rs`).
fn native_test_fns() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&root().join("tests/it"), &mut files);
    rust_files(&root().join("engine/tests"), &mut files);
    let mut names = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (at, _) in text.match_indices("fn ") {
            let name: String = text[at + 3..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if text[at + 3 + name.len()..].starts_with('(') && !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// Checks the native tests cell of `id`: each named test exists; some test is named after the
/// rule; every test named after the rule is in the row.
fn check_native(id: &str, listed: &[String], all: &BTreeSet<String>, problems: &mut Vec<String>) {
    for name in listed {
        if !all.contains(name) {
            problems.push(format!(
                "{id}: native test `{name}` named in the rule map does not exist in tests/it or engine/tests"
            ));
        }
    }
    let prefix = format!("{}_", id.to_lowercase());
    let named_after: Vec<&String> = all.iter().filter(|n| n.starts_with(&prefix)).collect();
    if named_after.is_empty() {
        problems.push(format!(
            "{id}: no native test is named `{prefix}...` in tests/it or engine/tests"
        ));
    }
    for name in named_after {
        if !listed.contains(name) {
            problems.push(format!(
                "{id}: native test `{name}` is named after the rule but missing from its row"
            ));
        }
    }
}

/// Checks the lessons cell of `id` against the catalog.
fn check_lessons(id: &str, listed: &[String], problems: &mut Vec<String>) {
    let expected: BTreeSet<&str> = lessons::catalog()
        .iter()
        .filter(|info| info.rules.contains(&id))
        .map(|info| info.id)
        .collect();
    if expected.is_empty() {
        problems.push(format!(
            "{id}: no lesson's catalog entry lists it (src/lessons/catalog.rs)"
        ));
    }
    let listed: BTreeSet<&str> = listed.iter().map(String::as_str).collect();
    if listed != expected {
        problems.push(format!(
            "{id}: the rule map lists lessons {listed:?}, the catalog entries that list {id} are {expected:?}"
        ));
    }
}

/// Every problem found, one line each; empty when the rules and the map agree.
fn problems_of(rules_md: &str, architecture: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let stated = ids_in_rules_md(rules_md);
    let spec: BTreeSet<&str> = RULE_IDS.into_iter().collect();
    for id in RULE_IDS {
        match stated.iter().filter(|s| *s == id).count() {
            0 => problems.push(format!(
                "{id}: docs/RULES.md does not state it (a paragraph starting **{id}.)"
            )),
            1 => {}
            n => problems.push(format!("{id}: docs/RULES.md states it {n} times")),
        }
    }
    for id in &stated {
        if !spec.contains(id.as_str()) {
            problems.push(format!(
                "{id}: docs/RULES.md states a rule that is not in the spec"
            ));
        }
    }
    let rows = rule_map(architecture, &mut problems);
    let tests = native_test_fns();
    for id in RULE_IDS {
        let Some(row) = rows.get(id) else {
            problems.push(format!(
                "{id}: has no row in the rule map of ARCHITECTURE.md"
            ));
            continue;
        };
        check_functions(id, &row.functions, &mut problems);
        check_native(id, &row.native, &tests, &mut problems);
        check_e2e(id, &row.e2e, &mut problems);
        check_lessons(id, &row.lessons, &mut problems);
    }
    for id in rows.keys() {
        if !spec.contains(id.as_str()) {
            problems.push(format!(
                "{id}: the rule map has a row for a rule that is not in the spec"
            ));
        }
    }
    problems
}

#[test]
fn rules_md_and_the_rule_map_agree_with_the_code_the_tests_and_the_catalog() {
    let problems = problems_of(&read("docs/RULES.md"), &read("ARCHITECTURE.md"));
    assert!(
        problems.is_empty(),
        "docs/RULES.md or the rule map in ARCHITECTURE.md is out of date:\n- {}",
        problems.join("\n- ")
    );
}

/// The checker itself catches a broken table (so a green run means something).
#[test]
fn a_broken_rule_map_is_reported_by_id() {
    let rules_md = read("docs/RULES.md");
    let architecture = read("ARCHITECTURE.md");
    let broken = architecture
        .replace("`Team::broadcast`", "`Team::broadcast_to_all`")
        .replace(
            "`t4_a_round_ends_but_the_member_record_persists` |",
            "`t4_no_such_test` |",
        )
        .replace(
            "| `l3-lock-scope` |\n| M1",
            "| `l8-restart-and-recall` |\n| M1",
        );
    let broken = broken
        .lines()
        .filter(|line| !line.starts_with("| K2 |"))
        .collect::<Vec<_>>()
        .join("\n");
    let problems = problems_of(&rules_md.replace("**D1.", "**D9."), &broken);
    let expect = [
        "M9: engine/src/team_tools.rs has no `fn broadcast_to_all`",
        "T4: native test `t4_no_such_test` named in the rule map does not exist",
        "T4: native test `t4_a_round_ends_but_the_member_record_persists` is named after the rule but missing",
        "T6: the rule map lists lessons",
        "K2: has no row in the rule map",
        "D1: docs/RULES.md does not state it",
        "D9: docs/RULES.md states a rule that is not in the spec",
    ];
    for e in expect {
        assert!(
            problems.iter().any(|p| p.starts_with(e)),
            "expected a problem starting with {e:?}, got {problems:#?}"
        );
    }
}

/// The titles of the tests (`test('<title>'`) in one spec file's text.
fn test_titles(text: &str) -> Vec<String> {
    text.match_indices("test('")
        .map(|(at, needle)| {
            let rest = &text[at + needle.len()..];
            let mut title = String::new();
            let mut chars = rest.chars();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => title.extend(chars.next()),
                    '\'' => break,
                    c => title.push(c),
                }
            }
            title
        })
        .collect()
}

/// The rule ids a title starts with: the space-separated words before its first `:`, when
/// every one of them looks like a rule id (`T1`, `M4`, ...). `PATH: ...`, `UI: ...` have none.
fn title_ids(title: &str) -> Vec<String> {
    let Some((prefix, _)) = title.split_once(':') else {
        return Vec::new();
    };
    let words: Vec<&str> = prefix.split_whitespace().collect();
    if !words.is_empty() && words.iter().all(|w| is_rule_id(w)) {
        words.into_iter().map(str::to_string).collect()
    } else {
        Vec::new()
    }
}

/// Problems with the end-to-end titles of `specs` (file name, text): a rule no title prefix
/// names, or a prefix naming an id that is not a rule.
fn e2e_title_problems(specs: &[(String, String)]) -> Vec<String> {
    let spec: BTreeSet<&str> = RULE_IDS.into_iter().collect();
    let mut named = BTreeSet::new();
    let mut problems = Vec::new();
    for (file, text) in specs {
        for title in test_titles(text) {
            for id in title_ids(&title) {
                if !spec.contains(id.as_str()) {
                    problems.push(format!("{file}: '{title}' names {id}, which is not a rule"));
                }
                named.insert(id);
            }
        }
    }
    for id in RULE_IDS {
        if !named.contains(id) {
            problems.push(format!(
                "{id}: no test in tests/e2e/*.spec.ts has a title starting with it (`{id}: ...`)"
            ));
        }
    }
    problems
}

fn e2e_specs() -> Vec<(String, String)> {
    let dir = root().join("tests/e2e");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {dir:?}: {e}"));
    let mut specs: Vec<(String, String)> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.to_string_lossy().ends_with(".spec.ts"))
        .map(|path| {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {path:?}: {e}"));
            (name.unwrap_or_default(), text)
        })
        .collect();
    specs.sort();
    specs
}

#[test]
fn every_rule_is_a_title_prefix_of_some_end_to_end_test() {
    let problems = e2e_title_problems(&e2e_specs());
    assert!(
        problems.is_empty(),
        "the end-to-end titles do not cover the rules:\n- {}",
        problems.join("\n- ")
    );
}

/// The title check itself catches a missing rule and a bad id (so a green run means something).
#[test]
fn a_rule_missing_from_the_end_to_end_titles_is_reported() {
    let specs = vec![(
        "a.spec.ts".to_string(),
        "test('M4 M5: kept', x); test('UI: M9 is not a prefix', x); test('M10: no such rule', x);\n\
         test('T1 T2 T3 T4 T5 T6 M1 M2 M3 M6 M7 M8: many', x); test('PATH: learner', x);\n\
         test('L1 L2 L3 L4 P1 P2 P3 P4 P5 D1 D2 D3 K1 K2: it\\'s quoted', x);"
            .to_string(),
    )];
    let problems = e2e_title_problems(&specs);
    assert_eq!(
        problems,
        vec![
            "a.spec.ts: 'M10: no such rule' names M10, which is not a rule".to_string(),
            "M9: no test in tests/e2e/*.spec.ts has a title starting with it (`M9: ...`)"
                .to_string(),
            "K3: no test in tests/e2e/*.spec.ts has a title starting with it (`K3: ...`)"
                .to_string(),
        ]
    );
}
