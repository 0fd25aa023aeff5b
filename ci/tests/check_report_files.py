#!/usr/bin/env python3
"""Checks a conformance report's JUnit and JSON files against its printed report.

usage: check_report_files.py REPORT_OUTPUT JUNIT_FILE JSON_FILE [--expect-reason TEXT]

REPORT_OUTPUT is what `conformance-<backend> --report ... --junit JUNIT_FILE
--json JSON_FILE` printed. The JUnit file is parsed with xml.etree, the JSON
file with json; both must hold every rule the report printed, with the same
result, and totals (of every rule, and of each kind: vmm, hmo, selftest) equal
to the report's "totals" lines. With --expect-reason, TEXT (which may hold
characters XML and JSON escape) must come back unchanged as the reason of a
rule in both files. Prints what it checked; exits 1 at the first mismatch.
"""

import json
import re
import sys
import xml.etree.ElementTree as ElementTree

TOTALS = re.compile(
    r"^totals(?: (\w+))?: (\d+) rules: (\d+) pass, (\d+) FAIL, (\d+) skip, "
    r"(\d+) expected divergence, (\d+) unexpected pass$"
)
# The printed result word, and the JSON result names it may stand for.
WORDS = [
    ("unexpected pass of a listed divergence", {"unexpected_pass"}),
    ("expected divergence", {"expected_divergence"}),
    ("pass", {"pass"}),
    ("FAIL", {"fail"}),
    ("skip", {"skip", "not_run"}),
]
RESULTS = {"pass", "fail", "skip", "not_run", "expected_divergence", "unexpected_pass"}


def fail(message):
    sys.exit(f"check_report_files: {message}")


def expect(condition, message):
    if not condition:
        fail(message)


def read_report(path):
    """The printed totals by kind ("all" for every rule) and each rule's word."""
    totals, rules, in_rules = {}, {}, False
    with open(path, encoding="utf-8") as report:
        for line in report:
            line = line.rstrip("\n")
            match = TOTALS.match(line)
            if match:
                kind = match.group(1) or "all"
                numbers = [int(n) for n in match.groups()[1:]]
                totals[kind] = dict(
                    zip(["rules", "pass", "fail", "skip", "divergence", "unexpected"], numbers)
                )
                in_rules = False
            elif line.startswith("rule "):
                in_rules = True
            elif in_rules and not line.startswith(("error:", "note:")):
                rule, _, rest = line.partition(" ")
                rest = rest.lstrip()
                word = next((w for w, _ in WORDS if rest.startswith(w)), None)
                expect(word is not None, f"report line without a result: {line!r}")
                rules[rule] = word
    expect("all" in totals, f"{path} has no totals line")
    expect(len(rules) == totals["all"]["rules"], "the report's rule lines and totals differ")
    return totals, rules


def check_junit(path, totals, rules, expected_reason):
    root = ElementTree.parse(path).getroot()
    expect(root.tag == "testsuites", f"JUnit root is <{root.tag}>, not <testsuites>")

    def counts(element, printed, where):
        want = {
            "tests": printed["rules"],
            "failures": printed["fail"] + printed["unexpected"],
            "skipped": printed["skip"],
            "errors": 0,
        }
        for name, value in want.items():
            got = int(element.get(name, "-1"))
            expect(got == value, f"JUnit {where}: {name}={got}, the report says {value}")

    counts(root, totals["all"], "<testsuites>")
    suites = root.findall("testsuite")
    names = [suite.get("name") for suite in suites]
    expect(sorted(names) == sorted(k for k in totals if k != "all"),
           f"JUnit suites {names}, the report's kinds {sorted(totals)}")
    seen, reasons = {}, []
    for suite in suites:
        kind = suite.get("name")
        printed = totals[kind]
        counts(suite, printed, f"suite {kind}")
        properties = {p.get("name"): p.get("value") for p in suite.iter("property")}
        for name in ("backend", "version", "version_number", "device", "gcnArchName",
                     "device_count", "divergence_file"):
            expect(name in properties, f"JUnit suite {kind} has no property {name}")
        cases = suite.findall("testcase")
        expect(len(cases) == printed["rules"], f"JUnit suite {kind}: {len(cases)} testcases")
        tally = {"failure": 0, "skipped": 0, "divergence": 0}
        for case in cases:
            name, classname = case.get("name"), case.get("classname")
            expect(name and classname, "a testcase without name or classname")
            expect(name not in seen, f"JUnit testcase {name} twice")
            float(case.get("time"))
            failure, skipped, out = case.find("failure"), case.find("skipped"), case.find("system-out")
            if failure is not None:
                tally["failure"] += 1
                reasons.append(failure.get("message"))
                seen[name] = "unexpected" if failure.get("type") == "unexpected pass" else "FAIL"
            elif skipped is not None:
                tally["skipped"] += 1
                reasons.append(skipped.get("message"))
                seen[name] = "skip"
            elif out is not None and out.text.startswith("expected divergence: "):
                tally["divergence"] += 1
                reasons.append(out.text)
                seen[name] = "expected divergence"
            else:
                seen[name] = "pass"
        expect(tally["failure"] == printed["fail"] + printed["unexpected"],
               f"JUnit suite {kind}: {tally['failure']} <failure>")
        expect(tally["skipped"] == printed["skip"], f"JUnit suite {kind}: {tally['skipped']} <skipped>")
        expect(tally["divergence"] == printed["divergence"],
               f"JUnit suite {kind}: {tally['divergence']} expected divergences")
    expect(set(seen) == set(rules), "JUnit testcases and the report's rules differ")
    for name, word in rules.items():
        short = "unexpected" if word.startswith("unexpected") else word
        expect(seen[name] == short, f"JUnit {name}: {seen[name]}, the report says {word}")
    if expected_reason is not None:
        expect(any(expected_reason in r for r in reasons if r),
               f"no JUnit reason holds {expected_reason!r} unchanged")
    print(f"check_report_files: {path}: {len(seen)} testcases in {len(suites)} suites, "
          f"counts as the report's totals")


def check_json(path, totals, rules, expected_reason):
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    for key in ("program", "backend", "version", "device", "divergence_file", "totals", "rules"):
        expect(key in data, f"JSON has no {key}")
    version = data["version"]
    expect(re.fullmatch(r"\d+\.\d+", version["string"]) is not None, f"version {version}")
    major, minor = (int(n) for n in version["string"].split("."))
    expect(version["number"] // 10000000 == major and version["number"] // 100000 % 100 == minor,
           f"version string and number disagree: {version}")
    device = data["device"]
    expect(isinstance(device["name"], str) and isinstance(device["gcnArchName"], str)
           and isinstance(device["count"], int), f"device {device}")
    expect(sorted(data["totals"]) == sorted(totals), f"JSON totals of {sorted(data['totals'])}")
    for kind, printed in totals.items():
        got = data["totals"][kind]
        want = {
            "rules": printed["rules"],
            "pass": printed["pass"],
            "fail": printed["fail"],
            "skip+not_run": printed["skip"],
            "expected_divergence": printed["divergence"],
            "unexpected_pass": printed["unexpected"],
        }
        have = dict(got, **{"skip+not_run": got["skip"] + got["not_run"]})
        for name, value in want.items():
            expect(have[name] == value, f"JSON totals {kind}: {name}={have[name]}, the report says {value}")
    listed = data["rules"]
    expect(len(listed) == totals["all"]["rules"], f"JSON lists {len(listed)} rules")
    counted = {}
    for rule in listed:
        for key in ("rule", "group", "result", "reason", "reference", "backend", "version", "device"):
            expect(key in rule, f"JSON rule {rule.get('rule')} has no {key}")
        expect(rule["result"] in RESULTS, f"JSON result {rule['result']!r}")
        expect(rule["rule"] in rules, f"JSON rule {rule['rule']} is not in the report")
        allowed = next(names for word, names in WORDS if word == rules[rule["rule"]])
        expect(rule["result"] in allowed,
               f"JSON {rule['rule']}: {rule['result']}, the report says {rules[rule['rule']]}")
        expect(rule["version"] == version["string"] and rule["backend"] == data["backend"],
               f"JSON {rule['rule']}: backend or version differs from the run's")
        counted[rule["result"]] = counted.get(rule["result"], 0) + 1
    for result in RESULTS:
        expect(counted.get(result, 0) == data["totals"]["all"][result],
               f"JSON: {counted.get(result, 0)} rules are {result}, totals say otherwise")
    if expected_reason is not None:
        expect(any(expected_reason in rule["reason"] for rule in listed),
               f"no JSON reason holds {expected_reason!r} unchanged")
    print(f"check_report_files: {path}: {len(listed)} rules, totals as the report's "
          f"({', '.join(sorted(totals))})")


def main(argv):
    expected_reason = None
    if len(argv) == 5 and argv[3] == "--expect-reason":
        expected_reason = argv[4]
        argv = argv[:3]
    if len(argv) != 3:
        sys.exit(__doc__)
    totals, rules = read_report(argv[0])
    check_junit(argv[1], totals, rules, expected_reason)
    check_json(argv[2], totals, rules, expected_reason)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
