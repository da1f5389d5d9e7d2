#!/usr/bin/env python3
"""What a wasm with a names section (wasm-opt -g) is made of: its function bodies and
data segments grouped by crate (ours by module, two levels down: `ours: ui::table`),
each group's bytes raw and gzipped on its own (gzip -9 of the group's bytes joined).
The gzipped figures add up to a little more than the whole file gzipped, since each
group is compressed apart; they say where the download's bytes are.

Several files are counted together (a game's board: its table's parts, as
`scripts/size.sh --why` lists them). The parts that wasm-split-cli writes keep the
linker's mangled names (`_ZN14shogi_variants2ui…`); they are demangled here (Rust's
legacy mangling) before grouping.

Usage: scripts/wasm-groups.py FILE.wasm... [ROWS]   (scripts/size.sh --why runs it)
"""
import collections
import gzip
import re
import sys


def leb(b, i):
    result = shift = 0
    while True:
        x = b[i]
        i += 1
        result |= (x & 0x7F) << shift
        shift += 7
        if x < 0x80:
            return result, i


def name(b, i):
    n, i = leb(b, i)
    return b[i : i + n].decode("utf8", "replace"), i + n


def skip_expr(b, j):
    while b[j] != 0x0B:
        j += 1
    return j + 1


def parse(data):
    """(function bodies, their names by index, data segments, imported functions)."""
    i, imported, bodies, names, segments = 8, 0, [], {}, []
    while i < len(data):
        sid = data[i]
        size, i = leb(data, i + 1)
        body, i = data[i : i + size], i + size
        if sid == 2:  # imports: functions come first in the index space
            n, j = leb(body, 0)
            for _ in range(n):
                _, j = name(body, j)
                _, j = name(body, j)
                kind, j = body[j], j + 1
                if kind == 0:
                    _, j = leb(body, j)
                    imported += 1
                elif kind == 1:
                    flags, j = leb(body, j + 1)
                    _, j = leb(body, j)
                    if flags & 1:
                        _, j = leb(body, j)
                elif kind == 2:
                    flags, j = leb(body, j)
                    _, j = leb(body, j)
                    if flags & 1:
                        _, j = leb(body, j)
                elif kind == 3:
                    j += 2
        elif sid == 10:  # code
            n, j = leb(body, 0)
            for _ in range(n):
                sz, j = leb(body, j)
                bodies.append(body[j : j + sz])
                j += sz
        elif sid == 11:  # data
            n, j = leb(body, 0)
            for _ in range(n):
                flag, j = leb(body, j)
                if flag == 2:
                    _, j = leb(body, j)
                if flag in (0, 2):
                    j = skip_expr(body, j)
                ln, j = leb(body, j)
                segments.append(body[j : j + ln])
                j += ln
        elif sid == 0:
            section, j = name(body, 0)
            while section == "name" and j < len(body):
                sub, j = body[j], j + 1
                sz, j = leb(body, j)
                end = j + sz
                if sub == 1:  # function names
                    n, k = leb(body, j)
                    for _ in range(n):
                        idx, k = leb(body, k)
                        names[idx], k = name(body, k)
                j = end
    return bodies, names, segments, imported


def demangle(fn):
    """`_ZN14shogi_variants2ui5table…17h<hash>E` as `shogi_variants::ui::table::…::`;
    other names as they are."""
    if not fn.startswith("_ZN"):
        return fn
    i, parts = 3, []
    while i < len(fn) and fn[i].isdigit():
        j = i
        while fn[j].isdigit():
            j += 1
        n = int(fn[i:j])
        parts.append(fn[j : j + n])
        i = j + n
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    text = "::".join(parts) + "::"
    for code, char in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$C$", ","), ("..", "::")):
        text = text.replace(code, char)
    return text


def group(fn):
    fn = demangle(fn)
    crates = re.findall(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[[0-9a-f]+\])?::", fn)
    if not crates:
        return "unnamed functions"
    if "shogi_variants" in crates:
        m = re.search(r"shogi_variants::([a-z_]+)(?:::([a-z_]+))?", fn)
        if not m:
            return "ours"
        return "ours: " + m.group(1) + ("::" + m.group(2) if m.group(2) else "")
    # `<F as tachys::…>::…`: generic code counts under the crate that defines it
    # (tachys's view code, instantiated for our views).
    return crates[0]


def main():
    files = [a for a in sys.argv[1:] if not a.isdigit()]
    rows = next((int(a) for a in sys.argv[1:] if a.isdigit()), 30)
    groups = collections.defaultdict(list)
    segments = []
    for path in files:
        bodies, names, segs, imported = parse(open(path, "rb").read())
        for k, b in enumerate(bodies):
            groups[group(names.get(imported + k, ""))].append(b)
        segments += segs
    # The largest data segments one by one (the translations are one of them), the
    # rest together.
    segments.sort(key=len, reverse=True)
    for s in segments[:6]:
        text = re.findall(rb"[\x20-\x7e]{4,}", s)
        hint = b" ".join(text[:3]).decode("ascii")[:40]
        groups[f"data {len(s)} B: {hint}"].append(s)
    groups["data: the other segments"] = segments[6:]
    whole = [b for v in groups.values() for b in v]
    raw_all = sum(map(len, whole))
    gz_all = len(gzip.compress(b"".join(whole), 9))
    table = sorted(
        ((len(gzip.compress(b"".join(v), 9)), sum(map(len, v)), k) for k, v in groups.items()),
        reverse=True,
    )
    print(f"  {'raw':>9} {'gzip':>8}  group (function bodies and data; gzip of each group apart)")
    for z, raw, k in table[:rows]:
        print(f"  {raw:9d} {z:8d}  {k}")
    rest = table[rows:]
    print(f"  {sum(r[1] for r in rest):9d} {sum(r[0] for r in rest):8d}  {len(rest)} smaller groups")
    print(f"  {raw_all:9d} {gz_all:8d}  all together (gzip of the groups apart: {sum(r[0] for r in table)})")


main()
