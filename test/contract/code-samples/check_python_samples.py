"""Compiles and, with --run, runs the Python code samples of the bundle, one JSON line each.

Used by test/contract/code-samples.test.ts. Each sample is a file in the working directory
(named after its operation). Compiling is `py_compile` on the file. Running executes the file in
this one interpreter (starting 216 Pythons that each import requests would take far longer),
with its printout swallowed, and records the last answer requests received for it: its status
and its sl-violations header, which the Prism mock sets when a request or answer breaks the
contract.
"""

import contextlib
import io
import json
import py_compile
import runpy
import sys
import traceback

run = "--run" in sys.argv[1:]
files = [arg for arg in sys.argv[1:] if arg != "--run"]

answers = []
if run:
    import requests

    send = requests.Session.send

    def recording_send(self, request, **kwargs):
        response = send(self, request, **kwargs)
        answers.append(response)
        return response

    requests.Session.send = recording_send

for file in files:
    outcome = {"file": file}
    try:
        py_compile.compile(file, doraise=True)
        outcome["compiled"] = True
    except py_compile.PyCompileError as error:
        outcome["compiled"] = False
        outcome["error"] = error.msg
    if run and outcome["compiled"]:
        answers.clear()
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                runpy.run_path(file, run_name="__main__")
            outcome["ran"] = True
        except BaseException:  # a failed sample, SystemExit included, is reported, not fatal
            outcome["ran"] = False
            outcome["error"] = traceback.format_exc(limit=1)
        if answers:
            outcome["status"] = answers[-1].status_code
            outcome["violations"] = answers[-1].headers.get("sl-violations")
    print(json.dumps(outcome), flush=True)
