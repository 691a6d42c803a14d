#!/usr/bin/env python3
"""Which crates and modules the bytes of a wasm module belong to.

Reads a module that still has its name section (the cargo output, Trunk's wasm-bindgen output
in target/wasm-bindgen/release/, or wasm-opt's output with `-g`, which is the shipped code
with its names), attributes each function body to the Rust path of its name (mangled or
already demangled), and prints the code bytes per crate or per crate::module (DEPTH path
components; a trait impl counts for its type's crate, a generic one for the trait's), plus the
data section (the program's strings and tables). Gzip sizes are estimated by
compressing each group's bodies together (gzip across the whole module finds more repeats, so
the sum of the groups is larger than the module's gzip size).

usage: scripts/wasm-breakdown.py MODULE.wasm [DEPTH=2] [TOP=40]
"""
import gzip
import re
import sys
from collections import defaultdict


def leb(buf, i):
    result = shift = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return result, i


def sections(buf):
    i = 8
    while i < len(buf):
        sid = buf[i]
        size, j = leb(buf, i + 1)
        yield sid, buf[j : j + size]
        i = j + size


def demangle_path(name):
    """The path components of a Rust legacy (`_ZN...E`) or v0-less name; the raw name else."""
    m = re.match(r"_ZN(.*)E$", name)
    if not m:
        return demangled_path(name)
    s, parts, i = m.group(1), [], 0
    while i < len(s) and s[i].isdigit():
        j = i
        while s[j].isdigit():
            j += 1
        n = int(s[i:j])
        parts.append(s[j : j + n])
        i = j + n
    # the trailing hash component
    if parts and re.match(r"h[0-9a-f]{16}$", parts[-1]):
        parts.pop()
    # `<X as Trait>::f` shows as `_$LT$X$u20$as$u20$Trait$GT$`: name it by X's crate when X
    # is a path (`krate..module..Type`), else (a generic `T`, a reference) by the trait's.
    if parts and parts[0].startswith("_$LT$"):
        inner = parts[0][5:]
        self_ty, _, trait = inner.partition("$u20$as$u20$")
        self_ty = re.sub(r"^(\$RF\$|mut\$u20\$|\$u5b\$)+", "", self_ty)
        pick = self_ty if ".." in self_ty.split("$")[0] else (trait or self_ty)
        path = [p for p in re.split(r"\.\.", re.split(r"\$", pick)[0]) if p]
        parts = path[:2] + parts[1:] if path else ["<impl>"] + parts[1:]
    return parts


def top_level_split(text):
    """`a::<b::c>::d` into [a, <b::c>, d]: `::` inside angle brackets does not split."""
    parts, depth, cur, i = [], 0, "", 0
    while i < len(text):
        c = text[i]
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        if depth == 0 and text.startswith("::", i):
            parts.append(cur)
            cur, i = "", i + 2
            continue
        cur += c
        i += 1
    parts.append(cur)
    return [p for p in parts if p]


def demangled_path(name):
    """The path of a name wasm-bindgen already demangled (`krate::module::f::h0123...`)."""
    name = re.sub(r"\[[0-9a-f]+\]", "", name)  # crate disambiguators
    name = re.sub(r"::h[0-9a-f]{16}$", "", name)
    parts = top_level_split(name)
    if not parts or "::" not in name:
        return ["<other>", name]
    first = parts[0]
    m = re.match(r"^<(.*) as (.*)>$", first)
    if first.startswith("<"):
        self_ty, trait = (m.group(1), m.group(2)) if m else (first[1:-1], "")
        self_ty = re.sub(r"^(&|mut |\[|\(|dyn )+", "", self_ty)
        pick = self_ty if re.match(r"^[a-z_][a-z0-9_]*::", self_ty) else (trait or self_ty)
        pick = re.sub(r"^(&|mut |dyn )+", "", pick)
        path = top_level_split(re.split(r"<", pick)[0])
        return (path[:2] if path else ["<impl>"]) + parts[1:]
    return parts


def main():
    path = sys.argv[1]
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    buf = open(path, "rb").read()
    imported_funcs = 0
    bodies = []
    names = {}
    data_size = 0
    for sid, body in sections(buf):
        if sid == 2:  # imports: functions are numbered after the imported ones
            count, i = leb(body, 0)
            for _ in range(count):
                for _ in range(2):
                    n, i = leb(body, i)
                    i += n
                kind = body[i]
                i += 1
                if kind == 0:
                    _, i = leb(body, i)
                    imported_funcs += 1
                elif kind == 1:
                    i += 1
                    flags, i = leb(body, i)
                    _, i = leb(body, i)
                    if flags & 1:
                        _, i = leb(body, i)
                elif kind == 2:
                    flags, i = leb(body, i)
                    _, i = leb(body, i)
                    if flags & 1:
                        _, i = leb(body, i)
                elif kind == 3:
                    i += 2
        elif sid == 10:
            count, i = leb(body, 0)
            for _ in range(count):
                size, j = leb(body, i)
                bodies.append(body[j : j + size])
                i = j + size
        elif sid == 11:
            data_size = len(body)
            data_bytes = body
        elif sid == 0:
            nlen, i = leb(body, 0)
            if body[i : i + nlen] != b"name":
                continue
            i += nlen
            while i < len(body):
                sub = body[i]
                size, j = leb(body, i + 1)
                if sub == 1:
                    count, k = leb(body, j)
                    for _ in range(count):
                        idx, k = leb(body, k)
                        n, k = leb(body, k)
                        names[idx] = body[k : k + n].decode("utf-8", "replace")
                        k += n
                i = j + size
    groups = defaultdict(list)
    for n, b in enumerate(bodies):
        name = names.get(n + imported_funcs, "<unnamed>")
        parts = demangle_path(name)
        groups["::".join(parts[:depth])].append(b)
    total = sum(len(b) for b in bodies)
    print(f"{path}: {len(bodies)} functions, code {total} B, data {data_size} B, file {len(buf)} B, gzip -9 {len(gzip.compress(buf, 9))} B")
    if data_size:
        print(f"  data section gzip alone: {len(gzip.compress(data_bytes, 9))} B")
    rows = []
    for g, bs in groups.items():
        raw = b"".join(bs)
        rows.append((len(raw), len(gzip.compress(raw, 9)), len(bs), g))
    rows.sort(reverse=True)
    print(f"{'code B':>9} {'gzip B':>8} {'fns':>5}  path")
    for raw, gz, fns, g in rows[:top]:
        print(f"{raw:>9} {gz:>8} {fns:>5}  {g}")


if __name__ == "__main__":
    main()
