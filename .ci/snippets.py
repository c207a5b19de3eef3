#!/usr/bin/env python3
"""Type-checks every ```swift block of the documentation against the built modules.

Reads README.md, docs/*.md and every Sources/*/*.docc/**/*.md. Each block becomes a program of
its own (a `main.swift`, so top-level code, `try` and `await` are allowed) and is type-checked
with `swiftc -typecheck -swift-version 6` against `.build/debug/Modules`; the programs are
checked in parallel, one `swiftc` each. Diagnostics point at the Markdown file and line
(through `#sourceLocation`).

A block is controlled by an HTML comment on the line right before its opening fence (GitHub
and DocC render nothing for it); see docs/README.md:

  <!-- snippet: fragment: REASON -->  not checked; the reason is required
  <!-- snippet: continues -->         checked together with the blocks before it in the same
                                      file (a getting-started article that builds up one program)
  <!-- snippet: shared -->            put in front of every later program of the same file
                                      (a helper that several independent sections use)
  <!-- snippet: manifest -->          a complete Package.swift, checked against PackageDescription

Usage: .ci/snippets [--list] [FILE.md ...]   (run `swift build` first)
"""

import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(?P<body>.*?)\s*-->\s*$")


class Block:
    def __init__(self, path, line, code, mode, reason):
        self.path = path  # relative to ROOT
        self.line = line  # 1-based line of the first code line
        self.code = code
        self.mode = mode  # "check", "fragment", "continues" or "manifest"
        self.reason = reason


def markdown_files(arguments):
    if arguments:
        return [os.path.relpath(os.path.abspath(a), ROOT) for a in arguments]
    files = ["README.md"]
    files += sorted(glob.glob("docs/*.md", root_dir=ROOT))
    files += sorted(glob.glob("Sources/*/*.docc/**/*.md", root_dir=ROOT, recursive=True))
    return [f for f in files if os.path.exists(os.path.join(ROOT, f))]


def parse_marker(text, path, number, errors):
    match = MARKER.match(text)
    if not match:
        return None, None
    body = match.group("body")
    kind, _, reason = body.partition(":")
    kind, reason = kind.strip(), reason.strip()
    if kind == "fragment":
        if not reason:
            errors.append(f"{path}:{number}: a fragment marker needs a reason: "
                          "<!-- snippet: fragment: why it cannot compile alone -->")
        return "fragment", reason
    if kind in ("continues", "shared", "manifest") and not reason:
        return kind, None
    errors.append(f"{path}:{number}: unknown snippet marker '{body}'; use "
                  "'fragment: REASON', 'continues', 'shared' or 'manifest'")
    return None, None


def blocks_in(path, errors):
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence = match.group("indent"), match.group("fence")
        language = match.group("info").strip().split(" ")[0].split(",")[0]
        end = index + 1
        while end < len(lines):
            closing = lines[end].strip()
            if closing.startswith(fence[0] * len(fence)) and closing.strip(fence[0]) == "":
                break
            end += 1
        if language == "swift":
            previous = index - 1
            while previous >= 0 and not lines[previous].strip():
                previous -= 1
            mode, reason = (None, None)
            if previous >= 0:
                mode, reason = parse_marker(lines[previous], path, previous + 1, errors)
            code = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                    for line in lines[index + 1:end]]
            blocks.append(Block(path, index + 2, "\n".join(code), mode or "check", reason))
        index = end + 1
    return blocks


def programs(blocks, errors):
    """Groups blocks into programs: the file's `shared` blocks so far, a block, and the
    `continues` blocks that follow it."""
    result = []
    shared = []  # (block, used) of the current file
    for block in blocks:
        if shared and shared[0][0].path != block.path:
            result += [[b] for b, used in shared if not used]
            shared = []
        if block.mode == "fragment":
            continue
        if block.mode == "shared":
            shared.append([block, False])
        elif block.mode == "continues":
            if not result or result[-1][-1].path != block.path or result[-1][0].mode == "manifest":
                errors.append(f"{block.path}:{block.line - 1}: 'continues' needs a checked "
                              "swift block before it in the same file")
                continue
            result[-1].append(block)
        else:
            if block.mode != "manifest":
                for entry in shared:
                    entry[1] = True
                result.append([b for b, _ in shared] + [block])
            else:
                result.append([block])
    result += [[b] for b, used in shared if not used]
    return result


def source(program):
    parts = []
    for block in program:
        parts.append(f'#sourceLocation(file: "{block.path}", line: {block.line})\n{block.code}\n')
    return "#sourceLocation()\n".join(parts) + "#sourceLocation()\n"


def manifest_flags(code):
    """Flags that make swiftc see PackageDescription as `swift package` does for `code`."""
    swiftc = shutil.which("swiftc")
    usr = os.path.dirname(os.path.dirname(os.path.realpath(swiftc)))
    api = os.path.join(usr, "lib", "swift", "pm", "ManifestAPI")
    version = re.search(r"swift-tools-version:\s*([0-9.]+)", code)
    tools = version.group(1) if version else "6.0"
    return ["-I", api, "-L", api, "-lPackageDescription", "-package-description-version", tools]


def check(program, work, number, modules):
    directory = os.path.join(work, str(number))
    os.makedirs(directory)
    if program[0].mode == "manifest":
        main = os.path.join(directory, "Package.swift")
        flags = manifest_flags(program[0].code)
    else:
        main = os.path.join(directory, "main.swift")
        flags = ["-I", modules]
        # C modules of dependencies (FlyingFox's CSystemLinux, which ReduxDevTools loads).
        for modulemap in glob.glob(os.path.join(ROOT, ".build", "checkouts", "*", "*", "include",
                                                "module.modulemap")):
            flags += ["-I", os.path.dirname(modulemap)]
    with open(main, "w", encoding="utf-8") as file:
        file.write(source(program))
    run = subprocess.run(
        ["swiftc", "-typecheck", "-swift-version", "6", *flags, main],
        capture_output=True, text=True, cwd=directory)
    return program, run.returncode, (run.stdout + run.stderr).strip()


def main(arguments):
    listing = "--list" in arguments
    arguments = [a for a in arguments if a != "--list"]
    errors = []
    blocks = []
    for path in markdown_files(arguments):
        blocks += blocks_in(path, errors)
    groups = programs(blocks, errors)
    if listing:
        for block in blocks:
            note = f" ({block.reason})" if block.reason else ""
            print(f"{block.path}:{block.line - 1}: {block.mode}{note}")
    modules = os.path.join(ROOT, ".build", "debug", "Modules")
    if not os.path.isdir(modules):
        errors.append(f"{modules} not found: run `swift build` first")
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    work = tempfile.mkdtemp(prefix="snippets.")
    failures = 0
    try:
        jobs = int(os.environ.get("SNIPPET_JOBS", os.cpu_count() or 2))
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            runs = [pool.submit(check, p, work, n, modules) for n, p in enumerate(groups)]
            for run in runs:
                program, status, output = run.result()
                first = program[0]
                if status != 0:
                    failures += 1
                    print(f"FAIL {first.path}:{first.line - 1}\n{output}\n", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    fragments = sum(1 for b in blocks if b.mode == "fragment")
    print(f"snippets: {len(groups)} programs from {len(blocks)} swift blocks checked, "
          f"{fragments} fragments skipped, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
