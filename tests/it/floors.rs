//! The floors kept by a test (ARCHITECTURE.md, "Floors"): every `crate::` and `super::` path
//! in `src/` (in `use` lines and in code, test modules included) is read and resolved to the
//! file it names, and
//! - a room (a folder or file of `src/` the floors table names) imports only rooms on floors
//!   below its own, never one above and never another room of its floor;
//! - no two files import each other, straight or in a loop.
//!
//! The floors table is read from ARCHITECTURE.md, so the document and the code cannot drift.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::code_size::code_only;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The floors table: each room (`lessons`, `ui/state`) and its floor, bottom up from 1.
fn floors_table(architecture: &str) -> BTreeMap<String, usize> {
    let section = architecture
        .split("\n## Floors")
        .nth(1)
        .expect("ARCHITECTURE.md has a '## Floors' section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let mut rooms = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(Ok(floor)) = cells.get(1).map(|c| c.parse::<usize>()) else {
            continue;
        };
        for room in cells.get(2).unwrap_or(&"").split(',') {
            let room = room.trim().trim_matches('`').trim_end_matches('/');
            if !room.is_empty() {
                rooms.insert(room.to_string(), floor);
            }
        }
    }
    rooms
}

/// A file's module path: `src/lessons/run.rs` is `["lessons", "run"]`, a `mod.rs` its folder's.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Splits code into tokens: identifiers, `::` and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
            i += 1;
        }
    }
    out
}

/// Every path a file names from the crate (`crate::a::b`, `super::c`, and each branch of a
/// `use` tree), resolved against the module it is written in (inline modules, such as
/// `mod tests`, included), as absolute segments.
fn paths_in(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let toks = tokens(code);
    let mut out = Vec::new();
    // The inline modules open around the current token: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        match toks[i].as_str() {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            "mod" if toks.get(i + 2).is_some_and(|t| t == "{") => {
                inline.push((toks[i + 1].clone(), depth + 1));
            }
            "use" => {
                let end = toks[i..]
                    .iter()
                    .position(|t| t == ";")
                    .map_or(toks.len(), |p| i + p);
                use_tree(&toks[i + 1..end], &[], &here, &mut out);
                i = end;
                continue;
            }
            "crate" | "super" if toks.get(i + 1).is_some_and(|t| t == "::") => {
                let prev = i.checked_sub(1).map(|p| toks[p].as_str());
                if prev != Some("::") {
                    let mut segs = Vec::new();
                    let mut j = i;
                    while j < toks.len() && is_ident(&toks[j]) {
                        segs.push(toks[j].clone());
                        if toks.get(j + 1).is_some_and(|t| t == "::") {
                            j += 2;
                        } else {
                            break;
                        }
                    }
                    if let Some(path) = absolute(&segs, &here) {
                        out.push(path);
                    }
                    i = j + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.chars().all(|c| c.is_alphanumeric() || c == '_') && !t.is_empty()
}

/// Expands a `use` tree (`a::{b, c::d as e, f::*}`) into its paths, each made absolute.
fn use_tree(toks: &[String], prefix: &[String], here: &[String], out: &mut Vec<Vec<String>>) {
    let mut segs: Vec<String> = prefix.to_vec();
    let mut i = 0;
    while i < toks.len() {
        match toks[i].as_str() {
            "::" => i += 1,
            "{" => {
                // Split the group's items at top-level commas.
                let mut level = 0;
                let mut start = i + 1;
                let mut j = i + 1;
                while j < toks.len() {
                    match toks[j].as_str() {
                        "{" => level += 1,
                        "}" if level == 0 => break,
                        "}" => level -= 1,
                        "," if level == 0 => {
                            use_tree(&toks[start..j], &segs, here, out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                    j += 1;
                }
                use_tree(&toks[start..j.min(toks.len())], &segs, here, out);
                return;
            }
            "as" | "*" => break,
            t if is_ident(t) => {
                segs.push(t.to_string());
                i += 1;
            }
            _ => i += 1,
        }
    }
    if let Some(path) = absolute(&segs, here) {
        out.push(path);
    }
}

/// `crate::a`, `super::b`, `self::c` made absolute from module `here`; None for a path from
/// another crate (`std::`, `serde::`) or `crate::engine` (the engine's crate, floor 1 anyway).
fn absolute(segs: &[String], here: &[String]) -> Option<Vec<String>> {
    let first = segs.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "super" | "self" => here.to_vec(),
        _ => return None,
    };
    let mut rest = segs;
    if first == "crate" {
        rest = &segs[1..];
    }
    while let Some(s) = rest.first() {
        match s.as_str() {
            "super" => {
                base.pop();
            }
            "self" => {}
            _ => break,
        }
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The room of a module path: the longest room name the table has that prefixes it.
fn room_of(module: &[String], rooms: &BTreeMap<String, usize>) -> Option<String> {
    (1..=module.len().min(2)).rev().find_map(|n| {
        let name = module[..n].join("/");
        rooms.contains_key(&name).then_some(name)
    })
}

/// Everything the floors rule finds wrong in `src/`, against the floors table `rooms`.
fn problems(rooms: &BTreeMap<String, usize>) -> Vec<String> {
    let src = root().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut modules: BTreeMap<Vec<String>, String> = BTreeMap::new();
    let mut texts = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src");
        let name = relative.to_string_lossy().to_string();
        if name == "main.rs" || name.starts_with("bin/") {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("readable");
        modules.insert(module_of(relative), name.clone());
        texts.push((name, module_of(relative), code_only(&text)));
    }
    let mut problems = Vec::new();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, module, code) in &texts {
        let Some(room) = room_of(module, rooms) else {
            if !module.is_empty() {
                problems.push(format!("{name}: in no room of the floors table"));
            }
            continue;
        };
        for path in paths_in(code, module) {
            // The file the path names: its longest prefix that is a module of a file.
            let Some(target) = (1..=path.len())
                .rev()
                .find_map(|n| modules.get(&path[..n]).cloned())
            else {
                continue;
            };
            let target_module = module_of(Path::new(&target));
            if target == *name || target_module.is_empty() {
                // Itself (a test module's `super::*`), or the crate root (`crate::engine`, the
                // engine's own crate, stands on the ground floor).
                continue;
            }
            edges
                .entry(name.clone())
                .or_default()
                .insert(target.clone());
            let Some(to) = room_of(&target_module, rooms) else {
                continue;
            };
            if to == room {
                continue;
            }
            let (from_floor, to_floor) = (rooms[&room], rooms[&to]);
            if to_floor > from_floor {
                problems.push(format!(
                    "{name} (floor {from_floor}, {room}) imports {} from {target}, a floor above (floor {to_floor}, {to})",
                    path.join("::")
                ));
            } else if to_floor == from_floor {
                problems.push(format!(
                    "{name} ({room}) imports {} from {target}, another room of its floor {from_floor} ({to})",
                    path.join("::")
                ));
            }
        }
    }
    problems.extend(circles(&edges));
    problems.sort();
    problems.dedup();
    problems
}

/// Every loop of imports between files, each as the files on it.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    // Tarjan's strongly connected components, iteratively small enough to recurse.
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<&'a str>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
        .into_iter()
        .map(|c| format!("a circle of imports: {}", c.join(" <-> ")))
        .collect()
}

#[test]
fn floors_every_import_in_src_goes_down_a_floor_and_no_files_import_each_other() {
    let architecture =
        std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let rooms = floors_table(&architecture);
    assert!(
        rooms.len() >= 10,
        "the floors table of ARCHITECTURE.md names too few rooms: {rooms:?}"
    );
    let problems = problems(&rooms);
    assert!(
        problems.is_empty(),
        "the floors of ARCHITECTURE.md are broken:\n- {}",
        problems.join("\n- ")
    );
}

#[test]
fn floors_the_reader_resolves_use_trees_inline_modules_and_paths_in_code() {
    let here: Vec<String> = vec!["course".into(), "scorm".into()];
    let code = "use super::{embed_results::LessonScore, frame::{a, b as c}};\n\
                use crate::keep::session::*;\n\
                fn f() { crate::link::Part::Picker; }\n\
                mod tests { use super::*; use super::super::edx; }";
    let paths: Vec<String> = paths_in(&code_only(code), &here)
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        paths,
        [
            "course::embed_results::LessonScore",
            "course::frame::a",
            "course::frame::b",
            "keep::session",
            "link::Part::Picker",
            "course::scorm",
            "course::edx",
        ]
    );
}

#[test]
fn floors_an_upward_import_and_a_circle_are_reported() {
    let rooms: BTreeMap<String, usize> = [("lessons", 1), ("view", 2)]
        .into_iter()
        .map(|(r, f)| (r.to_string(), f))
        .collect();
    assert_eq!(
        room_of(&["view".into(), "card".into()], &rooms).as_deref(),
        Some("view")
    );
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a.rs", vec!["b.rs"]),
        ("b.rs", vec!["c.rs"]),
        ("c.rs", vec!["a.rs"]),
        ("d.rs", vec!["a.rs"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        circles(&edges),
        ["a circle of imports: a.rs <-> b.rs <-> c.rs"]
    );
}
