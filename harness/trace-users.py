#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""trace-users.py SRC MAINLINE_TRACE_DIR CONFIG: the module objects of a
configuration that use the tracer, one path (relative to SRC, ".o") a line.

A module object uses the tracer when its source names a symbol mainline
6.12's kernel/trace exports (MAINLINE_TRACE_DIR: upstream's kernel/trace,
read for its EXPORT_SYMBOL lines only), defines trace events
(CREATE_TRACE_POINTS: TRACE_EVENT() compiles against the tracer), or calls
a macro of the tracer's headers (trace_printk() and friends).  An object
counts when CONFIG builds it as a module: its obj-$(CONFIG_X) (directly or
through the composite object that lists it) is "m", and every directory
above it is entered.  Objects built in are vmlinux's, which the same
build links.  Prints "# N objects, M files skipped (why)" to stderr.

For issue 42's distribution target: compiling these objects shows that
nothing that compiles against mainline's tracing fails against ours,
without building every module of the configuration.
"""
import os
import re
import sys

HEADER_MACROS = ["trace_printk", "trace_puts", "ftrace_vprintk",
                 "CREATE_TRACE_POINTS"]


def exported(trace_dir):
    names = set()
    pat = re.compile(r"^EXPORT_SYMBOL(?:_GPL)?\((\w+)\)", re.M)
    for f in os.listdir(trace_dir):
        if f.endswith(".c"):
            with open(os.path.join(trace_dir, f), errors="replace") as fh:
                names.update(pat.findall(fh.read()))
    return names


def config(path):
    vals = {}
    with open(path) as fh:
        for line in fh:
            m = re.match(r"CONFIG_(\w+)=(.*)", line)
            if m:
                vals[m.group(1)] = m.group(2)
    return vals


def makefile_lines(d):
    """The assignment lines of d's Makefile/Kbuild, continuations joined."""
    text = ""
    for name in ("Kbuild", "Makefile"):
        p = os.path.join(d, name)
        if os.path.exists(p):
            with open(p, errors="replace") as fh:
                text += fh.read() + "\n"
    text = re.sub(r"\\\n", " ", text)
    out = []
    for line in text.split("\n"):
        line = line.split("#", 1)[0]
        m = re.match(r"\s*([\w$()-]+?)\s*[:+]?=\s*(.*)", line)
        if m:
            out.append((m.group(1), m.group(2).split()))
    return out


def var_state(var, cfg):
    """'y', 'm' or None for obj-VAR / foo-VAR: y, objs, $(CONFIG_X)."""
    if var in ("y", "objs"):
        return "y"
    m = re.fullmatch(r"\$\(CONFIG_(\w+)\)", var)
    if m:
        v = cfg.get(m.group(1))
        return v if v in ("y", "m") else None
    return None


def merge(a, b):
    """built as m if either path makes it a module, y if built in."""
    if a is None or b is None:
        return None
    return "m" if "m" in (a, b) else "y"


class Tree:
    def __init__(self, src, cfg):
        self.src, self.cfg = src, cfg
        self.cache = {}
        self.dirs = {}

    def lines(self, d):
        if d not in self.cache:
            self.cache[d] = makefile_lines(os.path.join(self.src, d))
        return self.cache[d]

    def obj_state(self, d, obj, depth=0):
        """How d/obj is built: 'm', 'y' or None (not at all / unknown)."""
        if depth > 4:
            return None
        best = None
        for lhs, words in self.lines(d):
            if obj not in words:
                continue
            if lhs.startswith("obj-"):
                st = var_state(lhs[4:], self.cfg)
            elif lhs.startswith(("lib-", "extra-", "always-", "hostprogs",
                                 "targets", "subdir-")):
                continue
            else:
                # a composite: NAME-y, NAME-objs, NAME-$(CONFIG_X)
                m = re.fullmatch(r"([\w-]+?)-(y|objs|\$\(CONFIG_\w+\))", lhs)
                if not m:
                    continue
                part = var_state(m.group(2), self.cfg)
                whole = self.obj_state(d, m.group(1) + ".o", depth + 1)
                st = None if part is None or whole is None else whole
            if st == "m" or (st == "y" and best is None):
                best = st
        if best is None:
            return None
        return merge(best, self.dir_state(d))

    def dir_state(self, d):
        """'y' or 'm' if kbuild enters d for this config: the nearest
        Makefile above that names it (drivers/ names hwtracing/stm/)."""
        if d in ("", "."):
            return "y"
        if d in self.dirs:
            return self.dirs[d]
        self.dirs[d] = None
        parts = d.split("/")
        st = None
        if len(parts) == 1:
            st = "y"    # the top Makefile enters the first level
        for i in range(len(parts) - 1, 0, -1):
            anc, rel = "/".join(parts[:i]), "/".join(parts[i:]) + "/"
            found = False
            for lhs, words in self.lines(anc):
                if rel not in words or not lhs.startswith(("obj-", "subdir-")):
                    continue
                found = True
                v = var_state(lhs.split("-", 1)[1], self.cfg)
                if v == "m" or (v == "y" and st is None):
                    st = v
            if found:
                if st is not None:
                    st = merge(st, self.dir_state(anc))
                break
        self.dirs[d] = st
        return st


def main():
    src, trace_dir, cfg_path = sys.argv[1:4]
    cfg = config(cfg_path)
    names = exported(trace_dir) | set(HEADER_MACROS)
    word = re.compile(r"\b(" + "|".join(sorted(names, key=len, reverse=True))
                      + r")\b")
    tree = Tree(src, cfg)
    objs, skipped = [], {}
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        if rel == ".":
            dirs[:] = [x for x in dirs if x not in (
                "tools", "Documentation", "scripts", "usr", "samples")]
            continue
        if rel == "arch":
            dirs[:] = ["x86"]
        if rel == "kernel/trace" or rel.startswith(("kernel/trace/", ".")):
            dirs[:] = []
            continue
        for f in files:
            if not f.endswith(".c"):
                continue
            with open(os.path.join(root, f), errors="replace") as fh:
                if not word.search(fh.read()):
                    continue
            st = tree.obj_state(rel, f[:-2] + ".o")
            if st == "m":
                objs.append(os.path.join(rel, f[:-2] + ".o"))
            else:
                skipped[st or "off"] = skipped.get(st or "off", 0) + 1
                if os.environ.get("TRACE_USERS_DEBUG"):
                    print("skip %s %s" % (st, os.path.join(rel, f)), file=sys.stderr)
    for o in sorted(objs):
        print(o)
    print("# %d module objects; %d files built in, %d not built or unknown"
          % (len(objs), skipped.get("y", 0), skipped.get("off", 0)),
          file=sys.stderr)


if __name__ == "__main__":
    main()
