package itp_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestFiles interpolates the unsat files of ../shared/bench: the
// assertions are split into halves A and B (a single conjunction is split
// into its conjuncts), files gospacer proves unsat within 10 s are
// interpolated, and z3 checks A ∧ ¬I and I ∧ B (the vocabulary is checked
// here). It runs only with ITP_FILES=1 (it takes minutes) and prints the
// table of the issue.
func TestFiles(t *testing.T) {
	if os.Getenv("ITP_FILES") == "" {
		t.Skip("set ITP_FILES=1")
	}
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("no z3")
	}
	defer itp.SetSelfCheck(itp.SetSelfCheck(false)) // z3 is the check here
	folders := []string{"qf_lra", "qf_lia", "qf_uf", "qf_ax"}
	if f := os.Getenv("ITP_FOLDERS"); f != "" {
		folders = strings.Split(f, ",")
	}
	var table []string
	for _, folder := range folders {
		dir := filepath.Join("..", "..", "shared", "bench", folder)
		var unsat, proved, got, accepted int
		var itpTime time.Duration
		for _, name := range unsatFiles(t, dir) {
			unsat++
			st := term.NewStore()
			A, B, ok := halves(t, st, filepath.Join(dir, name))
			if !ok {
				t.Logf("%s/%s: not read", folder, name)
				continue
			}
			t.Logf("%s/%s", folder, name)
			r, err := checkWithin(st, A, B, 10*time.Second)
			if err != nil || r != smt.Unsat {
				t.Logf("%s/%s: %v %v", folder, name, r, err)
				continue
			}
			proved++
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			start := time.Now()
			is, err := itp.SequenceContext(ctx, st, []*term.Term{A, B})
			itpTime += time.Since(start)
			cancel()
			if err != nil {
				t.Logf("%s/%s: %v", folder, name, err)
				if !errors.Is(err, itp.ErrUnsupported) && !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("%s/%s: %v", folder, name, err)
				}
				continue
			}
			got++
			I := is[0]
			if err := z3Accepts(st, A, B, I); err != nil {
				if errors.Is(err, context.DeadlineExceeded) {
					t.Logf("%s/%s: z3 times out on the check (interpolant of size %d)", folder, name, term.Size(I))
					continue
				}
				t.Errorf("%s/%s: z3 rejects the interpolant: %v", folder, name, err)
				continue
			}
			accepted++
		}
		table = append(table, folderRow(folder, unsat, proved, got, accepted, itpTime))
	}
	t.Log("\n| folder | unsat files | gospacer unsat ≤ 10 s | interpolant | z3 accepts | rate | interpolation time |\n|---|---|---|---|---|---|---|\n" + strings.Join(table, "\n"))
}

// checkWithin decides A ∧ B under a timeout; a check that does not come
// back 5 s after its context ends is abandoned (its goroutine runs on).
func checkWithin(st *term.Store, A, B *term.Term, d time.Duration) (smt.Result, error) {
	type answer struct {
		r   smt.Result
		err error
	}
	ch := make(chan answer, 1)
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	go func() {
		s := smt.New(st, smt.Options{})
		_ = s.Assert(A)
		_ = s.Assert(B)
		r, err := s.Check(ctx)
		ch <- answer{r, err}
	}()
	select {
	case a := <-ch:
		return a.r, a.err
	case <-time.After(d + 5*time.Second):
		return smt.Unknown, errors.New("abandoned after the timeout")
	}
}

func folderRow(folder string, unsat, proved, got, accepted int, d time.Duration) string {
	rate := "-"
	if proved > 0 {
		rate = formatRate(accepted, proved)
	}
	return "| " + folder + " | " + itoa(unsat) + " | " + itoa(proved) + " | " + itoa(got) + " | " + itoa(accepted) + " | " + rate + " | " + d.Round(time.Millisecond).String() + " |"
}

func formatRate(a, b int) string {
	p := a * 1000 / b
	return itoa(p/10) + "." + itoa(p%10) + "%"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// unsatFiles lists the files a folder's MANIFEST.tsv expects unsat.
func unsatFiles(t *testing.T, dir string) []string {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) > 4 && fs[4] == "unsat" {
			names = append(names, fs[0])
		}
	}
	return names
}

// halves reads a file's assertions and splits them into two conjunctions.
func halves(_ testing.TB, st *term.Store, path string) (A, B *term.Term, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	script, err := smtlib.Parse(path, f, st)
	if err != nil {
		return nil, nil, false
	}
	var as []*term.Term
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			as = append(as, c.Term)
		}
	}
	if len(as) == 1 && as[0].Op() == term.OpAnd {
		as = as[0].Args()
	}
	h := len(as) / 2
	return conj(st, as[:h]), conj(st, as[h:]), len(as) > 0
}

// conj is the conjunction of fs, true when empty.
func conj(st *term.Store, fs []*term.Term) *term.Term {
	switch len(fs) {
	case 0:
		return st.True()
	case 1:
		return fs[0]
	}
	return st.And(fs...)
}

// z3Accepts checks with z3 that A ∧ ¬I and I ∧ B are unsat, and the
// vocabulary of I.
func z3Accepts(st *term.Store, A, B, I *term.Term) error {
	a, b := map[*term.Term]bool{}, map[*term.Term]bool{}
	for _, c := range term.FreeConsts(A) {
		a[c] = true
	}
	for _, c := range term.FreeConsts(B) {
		b[c] = true
	}
	for _, c := range term.FreeConsts(I) {
		if !a[c] || !b[c] {
			return errors.New("vocabulary: " + c.String())
		}
	}
	for _, q := range [][]*term.Term{{A, st.Not(I)}, {I, B}} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		ans, err := fuzz.External(ctx, "z3", fuzz.Script(st, q...))
		cancel()
		if err != nil {
			return err
		}
		if ans != "unsat" {
			return errors.New("z3 answers " + ans)
		}
	}
	return nil
}
