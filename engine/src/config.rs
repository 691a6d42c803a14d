//! Team configuration: who is on the roster at the start, the virtual files, the limits of the
//! teaching session (M7, L2) and the contrast toggles (M6, T6).

use super::caption::Lang;
use super::sorted_map::SortedMap;
use super::tool_table::{tools_for, MemberKind, ToolName};
use serde::{Deserialize, Serialize};

/// One roster entry as a lesson (or the learner in free play) declares it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemberConfig {
    /// T1: the member's unique name on the roster (see [`validate_member_name`]).
    pub name: String,
    /// A free-text role label such as `reader`, `reviewer`, `coder`.
    pub role: String,
    /// Lead or teammate: decides its tools (K1, K2) and its system prompt (P4).
    pub kind: MemberKind,
    /// Overrides [`Limits::delivery_budget`] for this member (the lead of a longer lesson needs
    /// more rounds than a teammate).
    #[serde(default)]
    pub delivery_budget: Option<u32>,
    /// K1, K2: the tools this member is offered, a subset of its kind's (see
    /// [`tools_for`]); None offers every tool of its kind. A scenario narrows a member this
    /// way; a tool the kind cannot have makes the config invalid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<ToolName>>,
}

impl MemberConfig {
    /// The lead, named and roled `lead`, with the default delivery budget.
    pub fn lead() -> Self {
        MemberConfig {
            name: "lead".into(),
            role: "lead".into(),
            kind: MemberKind::Lead,
            delivery_budget: None,
            tools: None,
        }
    }

    /// A teammate with this name and role, with the default delivery budget.
    pub fn teammate(name: &str, role: &str) -> Self {
        MemberConfig {
            name: name.into(),
            role: role.into(),
            kind: MemberKind::Teammate,
            delivery_budget: None,
            tools: None,
        }
    }

    /// K1, K2: the same member offered only `tools` (in its kind's order).
    pub fn with_tools(mut self, tools: &[ToolName]) -> Self {
        self.tools = Some(tools.to_vec());
        self
    }

    /// K1, K2: the tools this member is offered in a team that does or does not allow
    /// writing: its kind's list, narrowed to its own list when it has one.
    pub fn offered_tools(&self, allow_write: bool) -> Vec<ToolName> {
        let mut tools = tools_for(self.kind, allow_write);
        if let Some(own) = &self.tools {
            tools.retain(|t| own.contains(t));
        }
        tools
    }

    /// L2: the same member with its own delivery budget.
    pub fn with_deliveries(mut self, budget: u32) -> Self {
        self.delivery_budget = Some(budget);
        self
    }
}

/// The limits of a small teaching session. Defaults are the numbers of seed 000.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// M7: records per inbox. Append-only mode counts every record ever stored (nothing is
    /// deleted); drain mode counts the records not yet drained.
    pub inbox_records: usize,
    /// M7: characters (Unicode scalar values, not bytes) in a message body, a plan or a prompt.
    pub body_chars: usize,
    /// M7: entries in one member's committed history.
    pub history_entries: usize,
    /// L2: deliveries (rounds) a member accepts, unless its config overrides it.
    pub delivery_budget: u32,
    /// L2: logical model requests in one delivery.
    pub request_budget: u32,
    /// L2: retries in one delivery (failed model requests, discarded candidates). Retries do
    /// not consume logical requests.
    pub retry_budget: u32,
    /// Members on the roster, lead included.
    pub max_members: usize,
    /// Characters in a file written by `write_file`.
    pub file_chars: usize,
    /// Tool calls accepted in one model reply; a longer reply is refused as a whole.
    pub tool_calls_per_reply: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            inbox_records: 8,
            body_chars: 600,
            history_entries: 80,
            delivery_budget: 2,
            request_budget: 4,
            retry_budget: 2,
            max_members: 8,
            file_chars: 4000,
            tool_calls_per_reply: 100,
        }
    }
}

/// Contrast modes a lesson can switch on to show what goes wrong.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Toggles {
    /// M6: reading the inbox parses and clears it (the simpler tutorial design of seeds
    /// 002/003). A fault between read and commit then loses the message.
    pub drain_on_read: bool,
    /// T6: the lock is held for the whole round, model calls included, so members run one
    /// after another.
    pub hold_lock_during_model_call: bool,
}

/// Everything needed to build a [`Team`](super::team::Team).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamConfig {
    /// The roster at the start. Exactly one member has kind `Lead`.
    pub members: Vec<MemberConfig>,
    /// K3: the lesson's virtual file system. No tool executes code.
    #[serde(default)]
    pub files: SortedMap<String, String>,
    /// M7, L2: the limits of the session.
    #[serde(default)]
    pub limits: Limits,
    /// M6, T6: the contrast modes at the start.
    #[serde(default)]
    pub toggles: Toggles,
    /// K2: whether teammates get `write_file` in this lesson.
    #[serde(default)]
    pub allow_write: bool,
    /// The team's language: every text the host writes for a model (notifications, tool
    /// results, refusal reasons, protocol texts, system prompts) is worded in it, so a model
    /// and a learner read the same. Identifiers (tool names, ids, error codes) stay as they
    /// are. English unless set; written only when it is not English, so every config,
    /// scenario and recording made before reads and writes the same.
    #[serde(default = "english", skip_serializing_if = "is_english")]
    pub lang: Lang,
}

fn english() -> Lang {
    Lang::En
}

fn is_english(lang: &Lang) -> bool {
    *lang == Lang::En
}

impl TeamConfig {
    /// A team of these members, with no files, default limits and toggles, and no writing.
    pub fn new(members: Vec<MemberConfig>) -> Self {
        TeamConfig {
            members,
            files: SortedMap::new(),
            limits: Limits::default(),
            toggles: Toggles::default(),
            allow_write: false,
            lang: Lang::En,
        }
    }

    /// The same config with its texts for models worded in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// K3: the same config with one more virtual file (or `path` replaced).
    pub fn with_file(mut self, path: &str, content: &str) -> Self {
        self.files.insert(path.into(), content.into());
        self
    }
}

/// Why a configuration cannot become a team (free play lets the learner edit it): one variant
/// per check of [`TeamConfig::validate`]. The engine's own sentence (its `Display`) is what a
/// refused restore says on the timeline; the learner's wording of each variant, in both
/// languages, lives in the scenario layer. `member` is the index on the roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The roster has this many leads, not exactly one.
    LeadCount(usize),
    /// The roster has more members than [`Limits::max_members`].
    TooManyMembers {
        /// Members on the roster.
        n: usize,
        /// The limit.
        max: usize,
    },
    /// A member's name breaks [`validate_member_name`].
    InvalidName {
        /// The member's index on the roster.
        member: usize,
        /// Its name.
        name: String,
    },
    /// A member's name is already used by an earlier member.
    DuplicateName {
        /// The index of the later member.
        member: usize,
        /// The name used twice.
        name: String,
    },
    /// A member's role is empty or blank.
    NoRole {
        /// The member's index on the roster.
        member: usize,
        /// Its name.
        name: String,
    },
    /// K1, K2: a member is offered a tool that is not a tool of its kind in this team.
    ToolNotAllowed {
        /// The member's index on the roster.
        member: usize,
        /// Its name.
        name: String,
        /// Its kind.
        kind: MemberKind,
        /// The tool's index in the member's own list.
        at: usize,
        /// The tool.
        tool: ToolName,
    },
    /// A virtual file's path breaks [`validate_path`].
    InvalidPath(String),
    /// A virtual file is longer than [`Limits::file_chars`].
    FileTooLong {
        /// The file's path.
        path: String,
        /// Its length in characters.
        len: usize,
        /// The limit.
        max: usize,
    },
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::LeadCount(n) => {
                write!(f, "a team needs exactly one lead, this roster has {n}")
            }
            ConfigError::TooManyMembers { n, max } => {
                write!(f, "the roster has {n} members, the limit is {max}")
            }
            ConfigError::InvalidName { name, .. } => f.write_str(&invalid_name(name)),
            ConfigError::DuplicateName { name, .. } => {
                write!(f, "the name '{name}' is used twice")
            }
            ConfigError::NoRole { name, .. } => write!(f, "member '{name}' has no role"),
            ConfigError::ToolNotAllowed { name, tool, .. } => write!(
                f,
                "member '{name}' cannot have the tool {} (K1, K2: not a tool of its kind here)",
                tool.as_str()
            ),
            ConfigError::InvalidPath(path) => f.write_str(&invalid_path(path)),
            ConfigError::FileTooLong { path, max, .. } => {
                write!(f, "file '{path}' is longer than {max} characters")
            }
        }
    }
}

impl std::error::Error for ConfigError {}

/// Member names are short lowercase identifiers, so a name can never smuggle markup or
/// whitespace into a notification or a caption.
pub fn validate_member_name(name: &str) -> Result<(), String> {
    if is_member_name(name) {
        Ok(())
    } else {
        Err(invalid_name(name))
    }
}

fn is_member_name(name: &str) -> bool {
    let ok_len = (1..=24).contains(&name.chars().count());
    let mut chars = name.chars();
    let ok_first = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let ok_rest =
        chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    ok_len && ok_first && ok_rest
}

fn invalid_name(name: &str) -> String {
    format!(
        "'{name}' is not a valid member name: use 1 to 24 characters, a lowercase letter first, then lowercase letters, digits, '-' or '_'"
    )
}

impl TeamConfig {
    /// Checks what the engine relies on: one lead, unique valid names, within the limits.
    /// The error is the first of [`TeamConfig::problems`].
    pub fn validate(&self) -> Result<(), ConfigError> {
        match self.problems().into_iter().next() {
            Some(first) => Err(first),
            None => Ok(()),
        }
    }

    /// Every problem of the config, in the order [`TeamConfig::validate`] checks: the lead
    /// count, the roster size, then each member (name, repeated name, role, each tool it may
    /// not have), then each file (path, length).
    pub fn problems(&self) -> Vec<ConfigError> {
        let mut found = Vec::new();
        let leads = self
            .members
            .iter()
            .filter(|m| m.kind == MemberKind::Lead)
            .count();
        if leads != 1 {
            found.push(ConfigError::LeadCount(leads));
        }
        let (n, max) = (self.members.len(), self.limits.max_members);
        if n > max {
            found.push(ConfigError::TooManyMembers { n, max });
        }
        for (i, member) in self.members.iter().enumerate() {
            let name = || member.name.clone();
            if !is_member_name(&member.name) {
                found.push(ConfigError::InvalidName {
                    member: i,
                    name: name(),
                });
            }
            // At most `max_members` names: a slice is enough, and the browser build carries
            // no set type for it.
            if self.members[..i].iter().any(|m| m.name == member.name) {
                found.push(ConfigError::DuplicateName {
                    member: i,
                    name: name(),
                });
            }
            if member.role.trim().is_empty() {
                found.push(ConfigError::NoRole {
                    member: i,
                    name: name(),
                });
            }
            let allowed = tools_for(member.kind, self.allow_write);
            for (at, tool) in member.tools.iter().flatten().enumerate() {
                if !allowed.contains(tool) {
                    found.push(ConfigError::ToolNotAllowed {
                        member: i,
                        name: name(),
                        kind: member.kind,
                        at,
                        tool: *tool,
                    });
                }
            }
        }
        for (path, content) in &self.files {
            if !is_path(path) {
                found.push(ConfigError::InvalidPath(path.clone()));
            }
            let len = content.chars().count();
            if len > self.limits.file_chars {
                found.push(ConfigError::FileTooLong {
                    path: path.clone(),
                    len,
                    max: self.limits.file_chars,
                });
            }
        }
        found
    }
}

/// A path in the virtual file system: relative, no `..`, short, printable.
pub fn validate_path(path: &str) -> Result<(), String> {
    if is_path(path) {
        Ok(())
    } else {
        Err(invalid_path(path))
    }
}

fn is_path(path: &str) -> bool {
    !path.is_empty()
        && path.chars().count() <= 64
        && !path.starts_with('/')
        && !path
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c))
}

fn invalid_path(path: &str) -> String {
    format!(
        "'{path}' is not a valid path: use a relative path of letters, digits, '.', '_', '-' and '/', without '..'"
    )
}
