# The Python floor of `bench`: the least any re-render written in Python (as the reference exporter is)
# must do with an archive, timed as a whole process: json.loads of every raw file and thread.json, and of
# the JSON the API nests in strings (each entry's text, plan and FINAL answer), in one process as the
# reference runs. Nothing is rendered or written, so the reference itself can only be slower.
# usage: python3 python-floor.py ARCHIVE
import json
import os
import sys


def loads(value):
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        return None


files = 0
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        if not (name.startswith("raw_") or name == "thread.json"):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            doc = json.loads(f.read())
        files += 1
        if not isinstance(doc, dict) or not name.startswith("raw_"):
            continue
        for entry in (doc.get("entries") or []) + (doc.get("background_entries") or []):
            if not isinstance(entry, dict):
                continue
            loads(entry.get("plan"))
            steps = loads(entry.get("text"))
            for step in steps if isinstance(steps, list) else []:
                if isinstance(step, dict) and (step.get("step_type") or step.get("type")) == "FINAL":
                    loads((step.get("content") or {}).get("answer"))
print("python floor: %d files" % files)
