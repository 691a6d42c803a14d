//! The learner's wording of each way the engine refuses a team ([`ConfigError`]), once, in both
//! languages. The engine owns the checks ([`TeamConfig::problems`]); [`Scenario::validate`]
//! shows what they find in these words, so the two cannot drift apart.
//!
//! [`TeamConfig::problems`]: crate::engine::TeamConfig::problems

use super::errors::Problem;
use super::format::Scenario;
use crate::engine::tool_table::ToolName;
use crate::engine::{ConfigError, MemberKind};

/// A name that breaks the engine's naming rule (the editor's rename says this too).
pub fn invalid_name(name: &str) -> Problem {
    Problem::new(
        format!("'{name}' 不是有效的成员名：用 1 到 24 个字符，小写字母开头，其后是小写字母、数字、'-' 或 '_'"),
        format!("'{name}' is not a valid member name: use 1 to 24 characters, a lowercase letter first, then lowercase letters, digits, '-' or '_'"),
    )
}

impl Scenario {
    /// `error`, found in this scenario's team, in the learner's words: it names the field the
    /// way the format does (`members[2].name`, `members[0].tools[1]`, a file's path).
    pub fn config_problem(&self, error: &ConfigError) -> Problem {
        match error {
            ConfigError::LeadCount(n) => Problem::new(
                format!("团队需要恰好一个 lead（kind 为 \"lead\"），这里有 {n} 个"),
                format!("a team needs exactly one lead (kind \"lead\"); this one has {n}"),
            ),
            ConfigError::TooManyMembers { n, max } => Problem::new(
                format!("成员太多：{n} 个，上限是 {max} 个"),
                format!("too many members: {n}; the limit is {max}"),
            ),
            ConfigError::InvalidName { member, name } => {
                let p = invalid_name(name);
                let field = format!("members[{member}].name ");
                Problem::new(format!("{field}{}", p.zh), format!("{field}{}", p.en))
            }
            ConfigError::DuplicateName { name, .. } => Problem::new(
                format!("成员名 '{name}' 用了两次"),
                format!("the member name '{name}' is used twice"),
            ),
            ConfigError::NoRole { member, .. } => Problem::new(
                format!("members[{member}].role 是空的"),
                format!("members[{member}].role is empty"),
            ),
            ConfigError::ToolNotAllowed {
                member,
                kind,
                at,
                tool,
                ..
            } => {
                let field = format!("members[{member}].tools[{}]", self.tool_index(*member, *at));
                let name = tool.as_str();
                let (kind_zh, kind_en) = match kind {
                    MemberKind::Lead => ("lead", "a lead"),
                    MemberKind::Teammate => ("teammate", "a teammate"),
                };
                let (note_zh, note_en) = if *tool == ToolName::WriteFile {
                    (
                        "（需要 \"allow_write\": true）",
                        " (it needs \"allow_write\": true)",
                    )
                } else {
                    ("", "")
                };
                Problem::new(
                    format!("{field}：{kind_zh} 不能有工具 '{name}'{note_zh}"),
                    format!("{field}: {kind_en} cannot have the tool '{name}'{note_en}"),
                )
            }
            ConfigError::InvalidPath(path) => Problem::new(
                format!("'{path}' 不是有效的路径：用字母、数字、'.'、'_'、'-' 和 '/' 组成的相对路径（最多 64 个字符），不要 '..'"),
                format!("'{path}' is not a valid path: use a relative path (at most 64 characters) of letters, digits, '.', '_', '-' and '/', without '..'"),
            ),
            ConfigError::FileTooLong { path, len, max } => Problem::new(
                format!("文件 '{path}' 太大：{len} 个字符，上限是 {max}（limits.file_chars）"),
                format!("the file '{path}' is too large: {len} characters; the limit is {max} (limits.file_chars)"),
            ),
        }
    }

    /// The index in member `member`'s `tools` (names, as written) of the `at`th tool the engine
    /// sees: names that are no tool are not in the engine's list.
    pub(super) fn tool_index(&self, member: usize, at: usize) -> usize {
        let names = self.members.get(member).and_then(|m| m.tools.as_ref());
        names
            .into_iter()
            .flatten()
            .enumerate()
            .filter(|(_, n)| ToolName::from_name(n).is_some())
            .nth(at)
            .map_or(at, |(k, _)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Lang;

    fn start() -> Scenario {
        Scenario::default_free_play(Lang::En)
    }

    /// One of each variant; the match has no catch-all, so a new check must be added here.
    fn every_variant() -> Vec<ConfigError> {
        let all = vec![
            ConfigError::LeadCount(2),
            ConfigError::TooManyMembers { n: 9, max: 8 },
            ConfigError::InvalidName {
                member: 1,
                name: "Bad Name".into(),
            },
            ConfigError::DuplicateName {
                member: 2,
                name: "reader".into(),
            },
            ConfigError::NoRole {
                member: 1,
                name: "reader".into(),
            },
            ConfigError::ToolNotAllowed {
                member: 1,
                name: "reader".into(),
                kind: MemberKind::Teammate,
                at: 0,
                tool: ToolName::WriteFile,
            },
            ConfigError::InvalidPath("../x".into()),
            ConfigError::FileTooLong {
                path: "big.txt".into(),
                len: 4001,
                max: 4000,
            },
        ];
        for error in &all {
            match error {
                ConfigError::LeadCount(_)
                | ConfigError::TooManyMembers { .. }
                | ConfigError::InvalidName { .. }
                | ConfigError::DuplicateName { .. }
                | ConfigError::NoRole { .. }
                | ConfigError::ToolNotAllowed { .. }
                | ConfigError::InvalidPath(_)
                | ConfigError::FileTooLong { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_variant_is_worded_in_both_languages() {
        let scenario = start();
        for error in every_variant() {
            let p = scenario.config_problem(&error);
            assert!(p.en.is_ascii() && !p.en.is_empty(), "{error:?}: {}", p.en);
            assert!(
                p.zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{error:?}: {}",
                p.zh
            );
            assert_ne!(p.zh, p.en);
        }
    }

    /// Bad scenarios, one per check of the engine.
    fn refused() -> Vec<Scenario> {
        let mut out = Vec::new();
        let mut s = start();
        s.members[0].kind = MemberKind::Teammate;
        out.push(s);
        let mut s = start();
        s.limits.max_members = Some(1);
        out.push(s);
        let mut s = start();
        s.members[1].name = "Bad Name".into();
        out.push(s);
        let mut s = start();
        s.members[1].name = s.members[0].name.clone();
        out.push(s);
        let mut s = start();
        s.members[1].role = "  ".into();
        out.push(s);
        let mut s = start();
        s.members[1].tools = Some(vec!["nope".into(), "write_file".into()]);
        out.push(s);
        let mut s = start();
        s.files.insert("../x".into(), "a".into());
        out.push(s);
        let mut s = start();
        s.limits.file_chars = Some(3);
        s.files.insert("big.txt".into(), "abcd".into());
        out.push(s);
        out
    }

    #[test]
    fn a_team_the_engine_refuses_is_refused_in_its_words() {
        let scenarios = refused();
        let mut seen = Vec::new();
        for scenario in &scenarios {
            let config = scenario.team_config();
            let first = config.validate().expect_err("the engine refuses it");
            seen.push(std::mem::discriminant(&first));
            let problems = scenario
                .validate()
                .expect_err("validate refuses it")
                .problems;
            for error in config.problems() {
                let worded = scenario.config_problem(&error);
                assert!(problems.contains(&worded), "{error:?} not in {problems:?}");
            }
        }
        seen.dedup();
        assert_eq!(seen.len(), every_variant().len(), "one scenario per check");
        assert_eq!(start().validate(), Ok(()));
        assert_eq!(start().team_config().validate(), Ok(()));
    }

    #[test]
    fn a_tool_is_named_by_its_place_in_the_written_list() {
        let mut s = start();
        s.members[1].tools = Some(vec!["nope".into(), "write_file".into()]);
        let problems = s.validate().unwrap_err().problems;
        assert!(
            problems.iter().any(|p| p.en
                == "members[1].tools[1]: a teammate cannot have the tool 'write_file' (it needs \"allow_write\": true)"),
            "{problems:?}"
        );
    }
}
