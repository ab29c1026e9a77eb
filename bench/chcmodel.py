#!/usr/bin/env python3
"""Writes one z3 script per clause to check a CHC model independently.

    bench/chcmodel.py INPUT.smt2 MODEL OUTDIR

INPUT is a HORN script (declare-fun/assert) or a script in z3's fixedpoint
format (declare-rel/declare-var/rule/query). MODEL is a CHC-COMP model:
"(" then one (define-fun P (...) Bool body) per predicate, then ")"; any
lines before the first "(" (an answer line) are skipped. The model may
also hold (define-fun-rec f ...) entries, recursive functions its
definitions apply (gospacer's catamorphism engine): they go into every
script before the first predicate, and z3, which has no induction, may
leave such a model unchecked. For clause k the
script OUTDIR/clause-K.smt2 has the input's declarations with each
predicate's declaration replaced by its define-fun, then the negated clause
and (check-sat): the model is valid when z3 answers unsat on every script.
Exit status 0 when the scripts were written; 3 when the model lacks a
predicate or cannot be parsed (the model is rejected); 2 on bad usage.
"""
import os
import sys


def tokens(text):
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c == ";":
            while i < n and text[i] != "\n":
                i += 1
        elif c in "()":
            yield c
            i += 1
        elif c == "|":
            j = text.index("|", i + 1)
            yield text[i:j + 1]
            i = j + 1
        elif c == '"':
            j = i + 1
            while True:
                j = text.index('"', j)
                if j + 1 < n and text[j + 1] == '"':
                    j += 2
                    continue
                break
            yield text[i:j + 1]
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in " \t\r\n();|\"":
                j += 1
            yield text[i:j]
            i = j


def parse(text):
    """The list of top-level s-expressions (lists of lists and atoms)."""
    stack = [[]]
    for t in tokens(text):
        if t == "(":
            stack.append([])
        elif t == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced )")
            e = stack.pop()
            stack[-1].append(e)
        else:
            stack[-1].append(t)
    if len(stack) != 1:
        raise ValueError("unbalanced (")
    return stack[0]


def show(e):
    if isinstance(e, list):
        return "(" + " ".join(show(x) for x in e) + ")"
    return e


def unquote(s):
    return s[1:-1] if len(s) > 1 and s[0] == "|" and s[-1] == "|" else s


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1]) as f:
        script = parse(f.read())
    with open(argv[2]) as f:
        text = f.read()
    start = text.find("(")
    try:
        model = parse(text[start:]) if start >= 0 else []
    except ValueError as e:
        print("model: %s" % e, file=sys.stderr)
        return 3
    if len(model) != 1 or not isinstance(model[0], list):
        print("model: expected one parenthesised list of define-funs", file=sys.stderr)
        return 3
    defs, recs = {}, []
    for d in model[0]:
        if isinstance(d, list) and len(d) == 5 and d[0] == "define-fun-rec":
            recs.append(show(d))
            continue
        if not (isinstance(d, list) and len(d) == 5 and d[0] == "define-fun"):
            print("model: not a define-fun: %s" % show(d)[:80], file=sys.stderr)
            return 3
        defs[unquote(d[1])] = d
    decls, clauses, varsorts = [], [], []
    missing = []
    for cmd in script:
        if not isinstance(cmd, list) or not cmd:
            continue
        head = cmd[0]
        if head in ("declare-fun", "declare-rel"):
            decls.extend(recs)  # once, before the first predicate
            recs = []
            name = unquote(cmd[1])
            rng = cmd[3] if head == "declare-fun" else "Bool"
            if rng != "Bool":
                decls.append(show(cmd))
            elif name in defs:
                decls.append(show(defs[name]))
            else:
                missing.append(name)
        elif head == "declare-var":
            varsorts.append("(declare-const %s %s)" % (cmd[1], show(cmd[2])))
        elif head in ("declare-sort", "define-sort", "define-fun", "declare-datatypes", "declare-datatype", "declare-const"):
            decls.append(show(cmd))
        elif head == "assert":
            clauses.append("(assert (not %s))" % show(cmd[1]))
        elif head == "rule":
            clauses.append("(assert (not %s))" % show(cmd[1]))
        elif head == "query":
            clauses.append("(assert %s)" % show(cmd[1]))
    decls.extend(recs)
    if missing:
        print("model: no definition of %s" % ", ".join(missing), file=sys.stderr)
        return 3
    os.makedirs(argv[3], exist_ok=True)
    for k, c in enumerate(clauses):
        with open(os.path.join(argv[3], "clause-%d.smt2" % k), "w") as f:
            f.write("\n".join(decls + varsorts + [c, "(check-sat)", ""]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
