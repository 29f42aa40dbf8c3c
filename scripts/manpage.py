#!/usr/bin/env python3
"""Writes a man page (roff, section 1) for one of the programs from its own command-line
help: ArgumentParser's `--experimental-dump-help` JSON, so the page says what the
program's options really are. Used by scripts/package.

Usage: scripts/manpage.py BINARY VERSION > NAME.1
"""
import json
import subprocess
import sys
import time


def roff(text):
    """Text safe in roff: backslashes, leading dots and quotes escaped."""
    text = (text or "").replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line.startswith((".", "'")) else line for line in text.splitlines())


def flag(argument):
    names = [("--" if n["kind"] == "long" else "-") + n["name"] for n in argument.get("names", [])]
    if argument["kind"] == "positional":
        names = [argument.get("valueName", "value").upper()]
    value = "" if argument["kind"] in ("flag", "positional") else " " + argument.get("valueName", "value").upper()
    return ", ".join(f"\\fB{roff(n)}\\fR" for n in names) + (f" \\fI{roff(value.strip())}\\fR" if value else "")


def options(arguments):
    out = []
    for argument in arguments:
        if not argument.get("shouldDisplay", True) or argument["kind"] == "flag" and argument.get("preferredName", {}).get("name") == "help":
            continue
        out += [".TP", flag(argument), roff(argument.get("abstract", "")) + (f" {roff(argument['discussion'])}" if argument.get("discussion") else "")]
    return out


def main():
    binary, version = sys.argv[1], sys.argv[2]
    command = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)["command"]
    name = command["commandName"]
    date = time.strftime("%Y-%m-%d", time.gmtime(int(subprocess.run(["git", "log", "-1", "--format=%ct"], capture_output=True, text=True).stdout or time.time())))
    lines = [f'.TH {name.upper()} 1 "{date}" "{name} {version}" "User Commands"', ".SH NAME", f"{name} \\- {roff(command.get('abstract', ''))}"]
    subcommands = [s for s in command.get("subcommands", []) if s.get("shouldDisplay", True) and s["commandName"] != "help"]
    default = command.get("defaultSubcommand")
    lines += [".SH SYNOPSIS", f"\\fB{name}\\fR" + (" [\\fISUBCOMMAND\\fR]" if subcommands else "") + " [\\fIOPTIONS\\fR]"]
    lines += [".SH DESCRIPTION", roff(command.get("discussion") or command.get("abstract", ""))]
    general = options(command.get("arguments", []))
    if general:
        lines += [".SH OPTIONS"] + general
    for sub in subcommands:
        title = sub["commandName"] + (" (the default)" if sub["commandName"] == default else "")
        lines += [f'.SH "{name.upper()} {roff(title).upper()}"', roff(sub.get("abstract", ""))]
        if sub.get("discussion"):
            lines += [".PP", roff(sub["discussion"])]
        lines += options(sub.get("arguments", []))
    lines += [".SH SEE ALSO", "The documentation in /usr/share/doc/lockscreend (CONFIG.md, CONTROL.md, DISPLAYS.md, SERVICE.md)."]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
