"""BenchExec tool-info module for gospacer, the pure-Go CHC and SMT solver.

BenchExec (https://github.com/sosy-lab/benchexec) runs tools on clusters
for CHC-COMP and SV-COMP. It loads a tool-info module by its full name,
or by a bare name from its own ``benchexec.tools`` package: either copy
this file into BenchExec's ``benchexec/tools/`` folder and write
``tool="gospacer"``, or put the repository's ``bench`` folder on PYTHONPATH
and write ``tool="toolinfo.gospacer"`` (the folder is not named benchexec,
which would shadow BenchExec's own package)::

    PYTHONPATH=bench benchexec gospacer.xml

    <benchmark tool="toolinfo.gospacer" timelimit="300 s" memlimit="8 GB" cpuCores="1">
      <rundefinition name="spacer"/>
      <rundefinition name="portfolio"><option name="--engine">portfolio</option></rundefinition>
      <tasks><include>chc-comp/LIA-lin/*.smt2</include></tasks>
    </benchmark>

Answers follow CHC-COMP: ``sat`` (the clauses have a model: the program is
safe) is ``true``, ``unsat`` (a derivation of false) is ``false(unreach-call)``.
Every answer gospacer prints has been checked on the input (the model
clause by clause, the derivation step by step). An ``unknown`` answer maps
to TIMEOUT or OUT OF MEMORY when gospacer says why (it is given ``-v``),
else to ``unknown``. Files in z3's fixedpoint format (declare-rel, rule,
query) are answered in z3's convention (``sat``: the query is reachable),
so their expected verdicts must be written the same way.
"""

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """Tool info for gospacer (https://github.com/seed-f9c3434d/gospacer)."""

    REQUIRED_PATHS = []

    # the answers gospacer prints, first on standard output
    _ANSWERS = {
        "sat": result.RESULT_TRUE_PROP,
        "unsat": result.RESULT_FALSE_REACH,
    }

    def executable(self, tool_locator):
        return tool_locator.find_executable("gospacer")

    def name(self):
        return "gospacer"

    def project_url(self):
        return "https://github.com/seed-f9c3434d/gospacer"

    def version(self, executable):
        # "gospacer 0.1.0-dev"
        return self._version_from_tool(executable, arg="--version", line_prefix="gospacer ")

    def cmdline(self, executable, options, task, rlimits):
        """The options, then -v (for the reason of unknown), the time and
        memory limits unless the options set them, then the input file.

        gospacer stops by itself at -t (seconds) and answers unknown, a
        little before BenchExec would kill it; --memory bounds the Go heap,
        set to 80 % of the memory limit so that the rest of the process
        fits.
        """
        cmd = [executable, *options]
        if "-v" not in options:
            cmd.append("-v")
        limit = rlimits.cputime or rlimits.walltime
        if limit and "-t" not in options:
            cmd += ["-t", str(max(1, int(limit) - 1))]
        if rlimits.memory and "--memory" not in options:
            cmd += ["--memory", str(max(1, int(rlimits.memory * 0.8) // (1 << 20)))]
        return cmd + [task.single_input_file]

    def determine_result(self, run):
        """The verdict from the first answer line; the reason of unknown
        from gospacer's "; unknown: REASON" line; an error for bad input
        (a command answered with an (error "line L column C: ...") line,
        exit code 1, or a file that cannot be read, exit code 2) or a
        crash."""
        answer = None
        reason = None
        error = None
        for line in run.output:
            line = line.strip()
            if answer is None and line in ("sat", "unsat", "unknown"):
                answer = line
            elif line.startswith("; unknown:"):
                reason = line[len("; unknown:") :].strip()
            elif line.startswith("panic:") or line.startswith("fatal error:"):
                error = "ERROR (crash)"
            elif line.startswith('(error "') and error is None:
                error = "ERROR (bad input)"
        if error:
            return error
        if answer in self._ANSWERS:
            return self._ANSWERS[answer]
        if answer == "unknown":
            if reason is not None:
                if reason.startswith("timeout"):
                    return "TIMEOUT"
                if reason.startswith("memory"):
                    return "OUT OF MEMORY"
            return result.RESULT_UNKNOWN
        if run.was_timeout:
            return "TIMEOUT"
        code = run.exit_code
        if code is not None and code.signal:
            return "KILLED BY SIGNAL %d" % code.signal
        if code is not None and code.value == 2:
            return "ERROR (bad input)"
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        """A statistic of --stats, by name ("spacer.levels", "time")."""
        key = ":" + identifier + " "
        for line in output:
            line = line.strip().lstrip("(").rstrip(")")
            if line.startswith(key):
                return line[len(key) :].strip()
        return None
