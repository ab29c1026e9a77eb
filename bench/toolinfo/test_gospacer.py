"""Tests of the gospacer tool-info module against gospacer's own output.

They run without BenchExec: the few names the module uses from it are
stubbed below. The gospacer binary is $GOSPACER, or built with go build.
Run: python3 -m unittest bench/toolinfo/test_gospacer.py (from the
repository root); go test ./bench/toolinfo runs it too.
"""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import types
import unittest
from collections import namedtuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def stub_benchexec():
    """Install minimal benchexec, benchexec.result and
    benchexec.tools.template modules, unless BenchExec is installed."""
    try:
        import benchexec.tools.template  # noqa: F401

        return
    except ImportError:
        pass
    be = types.ModuleType("benchexec")
    res = types.ModuleType("benchexec.result")
    res.RESULT_TRUE_PROP = "true"
    res.RESULT_FALSE_REACH = "false(unreach-call)"
    res.RESULT_UNKNOWN = "unknown"
    res.RESULT_ERROR = "ERROR"
    tools = types.ModuleType("benchexec.tools")
    template = types.ModuleType("benchexec.tools.template")

    class BaseTool2:
        REQUIRED_PATHS = []

        @staticmethod
        def _version_from_tool(executable, arg="--version", line_prefix=None, **_):
            out = subprocess.run([executable, arg], capture_output=True, text=True).stdout.strip()
            if line_prefix:
                for line in out.splitlines():
                    if line.startswith(line_prefix):
                        return line[len(line_prefix) :].strip()
                return ""
            return out

    template.BaseTool2 = BaseTool2
    be.result, be.tools, tools.template = res, tools, template
    sys.modules.update(
        {"benchexec": be, "benchexec.result": res, "benchexec.tools": tools, "benchexec.tools.template": template}
    )


stub_benchexec()
_spec = importlib.util.spec_from_file_location("gospacer_toolinfo", os.path.join(HERE, "gospacer.py"))
toolinfo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(toolinfo)
result = sys.modules["benchexec.result"]

ExitCode = namedtuple("ExitCode", ["value", "signal"])
Run = namedtuple("Run", ["output", "exit_code", "was_timeout"])
Limits = namedtuple("Limits", ["cputime", "walltime", "memory"])
Task = namedtuple("Task", ["single_input_file"])

# x steps by 4 from 0; 1000001 is out of reach, which Spacer sees only after
# a level per step (1001 took it 0.98 s once Spacer got faster: a margin of
# a thousand now)
HARD = """(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (x1 Int)) (=> (and (inv x) (= x1 (+ x 4))) (inv x1))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 1000001)) false)))
(check-sat)
"""


class ToolInfoTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.exe = os.environ.get("GOSPACER")
        if not cls.exe:
            cls.exe = os.path.join(cls.tmp, "gospacer")
            subprocess.run(["go", "build", "-o", cls.exe, "./cmd/gospacer"], cwd=ROOT, check=True)
        cls.hard = os.path.join(cls.tmp, "hard.smt2")
        with open(cls.hard, "w") as f:
            f.write(HARD)
        cls.bad = os.path.join(cls.tmp, "bad.smt2")
        with open(cls.bad, "w") as f:
            f.write("(set-logic HORN)\n(declare-fun P (Int) Bool)\n(assert (Q 1))\n(check-sat)\n")
        cls.tool = toolinfo.Tool()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def run_tool(self, options, path, limits=Limits(None, None, None)):
        """Runs gospacer with the module's command line, stderr merged into
        stdout as BenchExec's log has it, and returns the module's verdict."""
        cmd = self.tool.cmdline(self.exe, options, Task(path), limits)
        p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
        lines = p.stdout.splitlines()
        return self.tool.determine_result(Run(lines, ExitCode(p.returncode, 0), False)), lines

    def test_answers(self):
        for options, path, want in [
            ([], "examples/counter.smt2", result.RESULT_TRUE_PROP),
            (["--model", "--stats"], "examples/counter.smt2", result.RESULT_TRUE_PROP),
            ([], "examples/unsafe.smt2", result.RESULT_FALSE_REACH),
            (["--cex", "--engine", "portfolio"], "examples/unsafe.smt2", result.RESULT_FALSE_REACH),
            (["--engine", "bmc", "--opt", "bmc.max-depth=5"], "examples/counter.smt2", result.RESULT_UNKNOWN),
        ]:
            with self.subTest(options=options, path=path):
                got, lines = self.run_tool(options, path)
                self.assertEqual(got, want, lines)

    def test_limits(self):
        got, lines = self.run_tool([], self.hard, Limits(2, None, None))
        self.assertEqual(got, "TIMEOUT", lines)
        got, lines = self.run_tool(["--memory", "1"], self.hard, Limits(20, None, None))
        self.assertEqual(got, "OUT OF MEMORY", lines)

    def test_errors(self):
        got, lines = self.run_tool([], self.bad)
        self.assertEqual(got, "ERROR (bad input)", lines)
        got, _ = self.run_tool([], os.path.join(self.tmp, "missing.smt2"))
        self.assertEqual(got, "ERROR (bad input)")
        crash = ["panic: runtime error: index out of range", "goroutine 1 [running]:"]
        self.assertEqual(self.tool.determine_result(Run(crash, ExitCode(2, 0), False)), "ERROR (crash)")
        self.assertEqual(self.tool.determine_result(Run([], ExitCode(None, 9), True)), "TIMEOUT")
        self.assertEqual(self.tool.determine_result(Run([], ExitCode(None, 9), False)), "KILLED BY SIGNAL 9")

    def test_cmdline(self):
        cmd = self.tool.cmdline("gospacer", ["--engine", "portfolio"], Task("a.smt2"), Limits(300, None, 8 << 30))
        self.assertEqual(cmd, ["gospacer", "--engine", "portfolio", "-v", "-t", "299", "--memory", "6553", "a.smt2"])
        cmd = self.tool.cmdline("gospacer", ["-t", "5", "-v"], Task("a.smt2"), Limits(300, None, None))
        self.assertEqual(cmd, ["gospacer", "-t", "5", "-v", "a.smt2"])

    def test_version_and_stats(self):
        self.assertRegex(self.tool.version(self.exe), r"^\d+\.\d+")
        _, lines = self.run_tool(["--stats"], "examples/counter.smt2")
        self.assertEqual(self.tool.get_value_from_output(lines, "solve.engine"), "spacer")
        self.assertRegex(self.tool.get_value_from_output(lines, "spacer.levels"), r"^\d+$")
        self.assertIsNone(self.tool.get_value_from_output(lines, "no.such-stat"))


if __name__ == "__main__":
    unittest.main()
